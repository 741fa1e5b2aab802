import InstantSearchCore

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

  /// A rule without conditions: it always applies, after every rule with one.
  init(conditionless order: Int) {
    words = nil
    filterCount = 0
    anchoring = 5
    hasContext = false
    self.order = order
  }

  /// The match of `condition` for a search of `words` (folded), `contexts` and `filters`, or `nil` when it
  /// does not hold.
  ///
  /// - Throws: ``EngineError/invalidFilters(_:)`` when the condition's filters do not read.
  init?(
    _ condition: QueryRule.Condition, words: [String], contexts: Set<String>, filters: Set<Filter>, order: Int
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
    let wanted = TextTokens.words(of: pattern)
    switch condition.anchoring {
    case .is: self.anchoring = 0
    case .startsWith: self.anchoring = 1
    case .endsWith: self.anchoring = 2
    case .contains: self.anchoring = 3
    }
    guard !wanted.isEmpty else {
      // An empty pattern: with `is`, the empty query; otherwise any query.
      if condition.anchoring == .is && !words.isEmpty { return nil }
      self.words = nil
      return
    }
    guard wanted.count <= words.count else { return nil }
    let found: Int?
    switch condition.anchoring {
    case .is: found = words == wanted ? 0 : nil
    case .startsWith: found = Array(words.prefix(wanted.count)) == wanted ? 0 : nil
    case .endsWith: found = Array(words.suffix(wanted.count)) == wanted ? words.count - wanted.count : nil
    case .contains:
      found = (0...(words.count - wanted.count)).first { Array(words[$0..<$0 + wanted.count]) == wanted }
    }
    guard let found else { return nil }
    self.words = found..<found + wanted.count
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
    return order < other.order
  }

  /// A filter compared case-insensitively on its facet value, as facet filters match.
  private static func folded(_ filter: Filter) -> String {
    "\(filter)".lowercased()
  }
}
