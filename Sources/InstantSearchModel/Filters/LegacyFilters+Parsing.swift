import Foundation

/// Why a query's filters cannot be read.
public enum QueryFiltersError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The `filters` string does not parse: Algolia's message with its column.
  case invalidFilters(FilterParseError)
  /// An element of `facetFilters`, `numericFilters` or `tagFilters` that is not one, or too many filters
  /// in all.
  case invalidParameter(String)

  /// The message, as Algolia words it where it has one.
  public var description: String {
    switch self {
    case .invalidFilters(let error): error.description
    case .invalidParameter(let message): message
    }
  }
}

extension Query {
  /// The clauses of the query's `filters` string and legacy arrays (`facetFilters`, `numericFilters`,
  /// `tagFilters`), ANDed: every clause must hold, each by any of its filters. The reverse of
  /// ``LegacyFilters``' writing, read as Algolia reads them.
  ///
  /// - Throws: ``QueryFiltersError`` for a `filters` string that does not parse, an array element that is
  ///   not a filter, or more than `FilterExpression.maximumFilterCount` filters in all (as Algolia counts
  ///   them).
  public func filterClauses() throws(QueryFiltersError) -> [[Filter]] {
    var clauses: [[Filter]] = []
    if let filters, !filters.isEmpty {
      do {
        clauses += try FilterExpression(parsing: filters).clauses
      } catch {
        throw .invalidFilters(error)
      }
    }
    for clause in facetFilters ?? [] {
      var filters: [Filter] = []
      for element in clause { filters.append(try LegacyFilterParser.facet(element)) }
      if !filters.isEmpty { clauses.append(filters) }
    }
    for clause in numericFilters ?? [] {
      var filters: [Filter] = []
      for element in clause { filters.append(try LegacyFilterParser.numeric(element)) }
      if !filters.isEmpty { clauses.append(filters) }
    }
    for clause in tagFilters ?? [] {
      let filters = clause.map(LegacyFilterParser.tag)
      if !filters.isEmpty { clauses.append(filters) }
    }
    let count = clauses.reduce(0) { $0 + $1.count }
    guard count <= FilterExpression.maximumFilterCount else {
      throw .invalidParameter(
        "too many filters: \(count) in filters, facetFilters, numericFilters and tagFilters together "
          + "(at most \(FilterExpression.maximumFilterCount))")
    }
    return clauses
  }
}

/// Reads one element of the legacy array forms (`facetFilters`, `numericFilters`, `tagFilters`) into a
/// filter: the reverse of ``LegacyFilters``' converters.
package enum LegacyFilterParser {
  /// `attr:value` (everything after the first `:`), `attr:-value` negated, `attr:\-value` a literal `-`,
  /// an optional filter's `<score=N>` at the end.
  package static func facet(_ text: String) throws(QueryFiltersError) -> Filter {
    guard let colon = text.firstIndex(of: ":") else {
      throw .invalidParameter("facetFilters: expected attribute:value, found \"\(text)\"")
    }
    let attribute = String(text[..<colon])
    var value = String(text[text.index(after: colon)...])
    var negated = false
    if value.hasPrefix("-") {
      negated = true
      value.removeFirst()
    } else if value.hasPrefix("\\-") {
      value.removeFirst()
    }
    var score: Int?
    if let range = value.range(of: "<score="), value.hasSuffix(">"),
      let parsed = Int(value[range.upperBound..<value.index(before: value.endIndex)])
    {
      score = parsed
      value = String(value[..<range.lowerBound])
    }
    return .facet(.init(attribute: Attribute(attribute), value: .string(value), isNegated: negated, score: score))
  }

  /// `tag`, `-tag` negated, `\-tag` a literal `-`.
  package static func tag(_ text: String) -> Filter {
    if text.hasPrefix("-") { return .tag(.init(value: String(text.dropFirst()), isNegated: true)) }
    if text.hasPrefix("\\-") { return .tag(.init(value: String(text.dropFirst()))) }
    return .tag(.init(value: text))
  }

  /// `attr op number` (spaces optional) or `attr:lower TO upper`, parsed with the filters grammar.
  package static func numeric(_ text: String) throws(QueryFiltersError) -> Filter {
    let expression: FilterExpression
    do {
      expression = try FilterExpression(parsing: quoteAttribute(text))
    } catch {
      throw .invalidParameter("numericFilters: \(error)")
    }
    guard expression.clauses.count == 1, expression.clauses[0].count == 1, case .numeric = expression.clauses[0][0]
    else { throw .invalidParameter("numericFilters: expected a numeric filter, found \"\(text)\"") }
    return expression.clauses[0][0]
  }

  /// Quotes the attribute of `price>=5` so that any attribute name parses: `"price">=5`.
  private static func quoteAttribute(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let end = trimmed.firstIndex(where: { "<>=!:".contains($0) }) else { return trimmed }
    let attribute = trimmed[..<end].trimmingCharacters(in: .whitespaces)
    let escaped = attribute.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "\"\(escaped)\"" + trimmed[end...]
  }
}
