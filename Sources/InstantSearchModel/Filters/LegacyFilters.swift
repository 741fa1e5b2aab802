/// Filters in Algolia's legacy array forms: `facetFilters`, `numericFilters` and `tagFilters`.
///
/// Each array is an AND of OR-clauses: `[["color:red", "color:blue"], ["brand:Sony"]]` means
/// `(color:red OR color:blue) AND brand:Sony`. The three arrays are ANDed together by the engine.
///
/// The rules:
/// - facet: `attribute:value`, unquoted; negated `attribute:-value`; a value that itself starts with
///   `-` is escaped as `\-` (`size:\-80C`, negated `size:-\-80C`); a score is appended as `<score=N>`.
/// - tag: `value`, negated `-value`, a leading `-` of the value escaped as `\-`.
/// - numeric comparison: `attribute >= 10.0`; a negated comparison inverts the operator
///   (`NOT price >= 10` is `price < 10.0`).
/// - numeric range: `attribute:10.0 TO 20.0`; a negated range is the clause `attribute < 10.0 OR
///   attribute > 20.0`.
///
/// The forms cannot express an attribute containing `:` in a facet filter, nor one containing
/// `<`, `>`, `=`, `!` or `:` in a numeric filter, nor NaN or infinities: converters return `nil` then.
public struct LegacyFilters: Hashable, Sendable, Codable {
  /// The `facetFilters` clauses (AND of ORs).
  public var facetFilters: [[String]]
  /// The `numericFilters` clauses (AND of ORs).
  public var numericFilters: [[String]]
  /// The `tagFilters` clauses (AND of ORs).
  public var tagFilters: [[String]]

  /// Creates legacy filters from their three arrays.
  public init(facetFilters: [[String]] = [], numericFilters: [[String]] = [], tagFilters: [[String]] = []) {
    self.facetFilters = facetFilters
    self.numericFilters = numericFilters
    self.tagFilters = tagFilters
  }

  /// Whether the three arrays are empty.
  public var isEmpty: Bool { facetFilters.isEmpty && numericFilters.isEmpty && tagFilters.isEmpty }

  /// Appends each filter as its own clause(s). Returns `false` when one cannot be expressed.
  package mutating func appendConjunctive(_ filters: [Filter]) -> Bool {
    for filter in filters {
      guard let alternatives = Self.alternatives(of: filter) else { return false }
      append([alternatives], kind: filter.kind)
    }
    return true
  }

  /// Appends the filters, all of one kind, as a single OR clause. Returns `false` when one cannot be
  /// expressed.
  package mutating func appendDisjunctive(_ filters: [Filter]) -> Bool {
    guard let kind = filters.first?.kind else { return true }
    var clause: [String] = []
    for filter in filters {
      guard let alternatives = Self.alternatives(of: filter) else { return false }
      clause.append(contentsOf: alternatives)
    }
    append([clause], kind: kind)
    return true
  }

  private mutating func append(_ clauses: [[String]], kind: FilterKind) {
    switch kind {
    case .facet: facetFilters.append(contentsOf: clauses)
    case .numeric: numericFilters.append(contentsOf: clauses)
    case .tag: tagFilters.append(contentsOf: clauses)
    }
  }

  /// The OR-alternatives that express `filter` (one, or two for a negated range).
  package static func alternatives(of filter: Filter) -> [String]? {
    switch filter {
    case .facet(let facet):
      guard !facet.attribute.rawValue.contains(":") else { return nil }
      let value: String
      switch facet.value {
      case .string(let string): value = escapeLeadingMinus(string)
      case .number(let number):
        guard let text = NumberRendering.render(number) else { return nil }
        value = escapeLeadingMinus(text)
      case .bool(let bool): value = bool ? "true" : "false"
      }
      let score = facet.score.map { "<score=\($0)>" } ?? ""
      return ["\(facet.attribute.rawValue):\(facet.isNegated ? "-" : "")\(value)\(score)"]
    case .tag(let tag):
      return ["\(tag.isNegated ? "-" : "")\(escapeLeadingMinus(tag.value))"]
    case .numeric(let numeric):
      let attribute = numeric.attribute.rawValue
      guard !attribute.contains(where: { "<>=!:".contains($0) }) else { return nil }
      switch numeric.value {
      case .comparison(let op, let value):
        guard let text = NumberRendering.render(value) else { return nil }
        let effective = numeric.isNegated ? op.inverted : op
        return ["\(attribute) \(effective.rawValue) \(text)"]
      case .range(let range):
        guard let lower = NumberRendering.render(range.lowerBound),
          let upper = NumberRendering.render(range.upperBound)
        else { return nil }
        if numeric.isNegated {
          return ["\(attribute) < \(lower)", "\(attribute) > \(upper)"]
        }
        return ["\(attribute):\(lower) TO \(upper)"]
      }
    }
  }

  /// `\-value` for a value starting with `-`, so that it is not read as a negation.
  package static func escapeLeadingMinus(_ value: String) -> String {
    value.hasPrefix("-") ? "\\" + value : value
  }
}
