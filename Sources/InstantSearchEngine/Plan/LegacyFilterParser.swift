import Foundation
import InstantSearchModel

/// Reads the legacy array forms (`facetFilters`, `numericFilters`, `tagFilters`) into filters.
enum LegacyFilterParser {
  /// `attr:value` (everything after the first `:`), `attr:-value` negated, `attr:\-value` a literal `-`.
  static func facet(_ text: String) throws(EngineError) -> Filter {
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
  static func tag(_ text: String) -> Filter {
    if text.hasPrefix("-") { return .tag(.init(value: String(text.dropFirst()), isNegated: true)) }
    if text.hasPrefix("\\-") { return .tag(.init(value: String(text.dropFirst()))) }
    return .tag(.init(value: text))
  }

  /// `attr op number` (spaces optional) or `attr:lower TO upper`, parsed with the filters grammar.
  static func numeric(_ text: String) throws(EngineError) -> Filter {
    let quoted = quoteAttribute(text)
    do {
      let expression = try FilterExpression(parsing: quoted)
      guard expression.clauses.count == 1, expression.clauses[0].count == 1, case .numeric = expression.clauses[0][0]
      else { throw EngineError.invalidParameter("numericFilters: expected a numeric filter, found \"\(text)\"") }
      return expression.clauses[0][0]
    } catch let error as EngineError {
      throw error
    } catch {
      throw .invalidParameter("numericFilters: \(error)")
    }
  }

  /// Quotes the attribute of `price>=5` so that any attribute name parses: `"price">=5`.
  private static func quoteAttribute(_ text: String) -> String {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let end = trimmed.firstIndex(where: { "<>=!:".contains($0) }) else { return trimmed }
    let attribute = trimmed[..<end].trimmingCharacters(in: .whitespaces)
    let escaped = attribute.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    return "\"\(escaped)\"" + trimmed[end...]
  }

  /// The clauses of a query's `filters` string and legacy arrays, ANDed; at most
  /// `FilterExpression.maximumFilterCount` filters in all, as Algolia counts them.
  static func clauses(of query: Query) throws(EngineError) -> [[Filter]] {
    var clauses: [[Filter]] = []
    if let filters = query.filters, !filters.isEmpty {
      do {
        clauses += try FilterExpression(parsing: filters).clauses
      } catch {
        throw .invalidFilters(error)
      }
    }
    for clause in query.facetFilters ?? [] {
      var filters: [Filter] = []
      for element in clause { filters.append(try facet(element)) }
      if !filters.isEmpty { clauses.append(filters) }
    }
    for clause in query.numericFilters ?? [] {
      var filters: [Filter] = []
      for element in clause { filters.append(try numeric(element)) }
      if !filters.isEmpty { clauses.append(filters) }
    }
    for clause in query.tagFilters ?? [] {
      let filters = clause.map(tag)
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
