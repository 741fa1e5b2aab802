import InstantSearchModel

/// How a rule's condition holds for a search: the query words it matched and what orders it among other
/// rules' matches (see ``RuleOutcome``).
struct RuleMatch {
  /// The positions of the query words the pattern matched (`nil`: none, the condition is not on the text).
  let words: Range<Int>?
  /// How many of the search's filters the condition required.
  let filterCount: Int
  /// 0 for `is`, 1 `startsWith`, 2 `endsWith`, 3 `contains`, 4 without a pattern.
  let anchoring: Int
  let hasContext: Bool
  /// The rule's position in the list.
  let order: Int
  /// The facet value each `{facet:attr}` placeholder of the pattern matched, by attribute (as stored).
  var captures: [String: String] = [:]
  /// Whether the pattern has placeholders (a literal pattern takes precedence over one with them).
  var hasPlaceholders = false

  /// A rule without conditions: it always applies, after every rule with one.
  init(conditionless order: Int) {
    words = nil
    filterCount = 0
    anchoring = 5
    hasContext = false
    self.order = order
  }

  /// The match of `condition` for a search of `words` (folded), `contexts` and `filters`, or `nil` when it
  /// does not hold; `facetValues` gives the values of an attribute a `{facet:attr}` placeholder can match.
  ///
  /// - Throws: ``EngineError/invalidFilters(_:)`` when the condition's filters do not read.
  init?(
    _ condition: QueryRule.Condition, words: [String], contexts: Set<String>, filters: Set<Filter>, order: Int,
    analysis: TextAnalysis = .standard, facetValues: (String) -> [FacetValue] = { _ in [] },
    similar: (String, String) -> Bool = { _, _ in false }
  ) throws(EngineError) {
    if let context = condition.context, !contexts.contains(context) { return nil }
    var required: [Filter] = []
    if let text = condition.filters, !text.isEmpty {
      do {
        required = try FilterExpression(parsing: text).clauses.flatMap { $0 }
      } catch {
        throw .invalidFilters(error)
      }
      let folded = Set(filters.map(Self.folded))
      guard required.allSatisfy({ folded.contains(Self.folded($0)) }) else { return nil }
    }
    self.filterCount = required.count
    self.hasContext = condition.context != nil
    self.order = order
    guard let pattern = condition.pattern else {
      self.words = nil
      self.anchoring = 4
      return
    }
    switch condition.anchoring {
    case .is: self.anchoring = 0
    case .startsWith: self.anchoring = 1
    case .endsWith: self.anchoring = 2
    case .contains: self.anchoring = 3
    }
    let parts = PatternPart.parse(pattern, analysis: analysis)
    guard !parts.isEmpty else {
      // An empty pattern: with `is`, the empty query; otherwise any query.
      if condition.anchoring == .is && !words.isEmpty { return nil }
      self.words = nil
      return
    }
    hasPlaceholders = parts.contains { if case .facet = $0 { true } else { false } }
    let starts: [Int]
    switch condition.anchoring {
    case .is, .startsWith: starts = [0]
    case .endsWith, .contains: starts = Array(0..<words.count)
    }
    let mustEnd = condition.anchoring == .is || condition.anchoring == .endsWith
    let equal: (String, String) -> Bool =
      condition.alternatives ? { $0 == $1 || similar($0, $1) } : { $0 == $1 }
    for start in starts {
      var captures: [String: String] = [:]
      if let end = Self.match(parts[...], words, at: start, mustEnd: mustEnd, equal, facetValues, &captures) {
        self.words = start..<end
        self.captures = captures
        return
      }
    }
    return nil
  }

  /// A facet value a placeholder can match: as stored, and its folded words.
  struct FacetValue {
    let key: String
    let words: [String]
  }

  /// A pattern's literal words and `{facet:attr}` placeholders.
  enum PatternPart {
    case word(String)
    case facet(String)

    /// The parts of `pattern`, its words read with `analysis` (the index's).
    static func parse(_ pattern: String, analysis: TextAnalysis = .standard) -> [PatternPart] {
      var parts: [PatternPart] = []
      var rest = Substring(pattern)
      while let open = rest.range(of: "{facet:"), let close = rest[open.upperBound...].firstIndex(of: "}") {
        parts += analysis.words(of: String(rest[..<open.lowerBound])).map(PatternPart.word)
        parts.append(.facet(String(rest[open.upperBound..<close]).trimmingCharacters(in: .whitespaces)))
        rest = rest[rest.index(after: close)...]
      }
      return parts + analysis.words(of: String(rest)).map(PatternPart.word)
    }
  }

  /// Where `parts` end when they match `words` from `start` (the end of the words when `mustEnd`), recording
  /// the facet values the placeholders took; `nil` when they do not match there.
  private static func match(
    _ parts: ArraySlice<PatternPart>, _ words: [String], at start: Int, mustEnd: Bool,
    _ equal: (String, String) -> Bool, _ facetValues: (String) -> [FacetValue], _ captures: inout [String: String]
  ) -> Int? {
    guard let first = parts.first else { return !mustEnd || start == words.count ? start : nil }
    switch first {
    case .word(let word):
      guard start < words.count, equal(words[start], word) else { return nil }
      return match(parts.dropFirst(), words, at: start + 1, mustEnd: mustEnd, equal, facetValues, &captures)
    case .facet(let attribute):
      // The longest value first, as the longest match wins.
      for value in facetValues(attribute).sorted(by: { $0.words.count > $1.words.count }) where !value.words.isEmpty {
        let end = start + value.words.count
        guard end <= words.count, Array(words[start..<end]) == value.words else { continue }
        var attempt = captures
        attempt[attribute] = value.key
        if let matched = match(parts.dropFirst(), words, at: end, mustEnd: mustEnd, equal, facetValues, &attempt) {
          captures = attempt
          return matched
        }
      }
      return nil
    }
  }

  /// Whether this match takes precedence over `other`.
  func precedes(_ other: RuleMatch) -> Bool {
    let position = words?.lowerBound ?? Int.max
    let otherPosition = other.words?.lowerBound ?? Int.max
    if position != otherPosition { return position < otherPosition }
    let length = (words?.count ?? 0) + filterCount
    let otherLength = (other.words?.count ?? 0) + other.filterCount
    if length != otherLength { return length > otherLength }
    if anchoring != other.anchoring { return anchoring < other.anchoring }
    if hasContext != other.hasContext { return hasContext }
    if (filterCount > 0) != (other.filterCount > 0) { return filterCount > 0 }
    if hasPlaceholders != other.hasPlaceholders { return !hasPlaceholders }
    return order < other.order
  }

  /// A filter compared case-insensitively on its facet value, as facet filters match.
  private static func folded(_ filter: Filter) -> String {
    "\(filter)".lowercased()
  }
}
