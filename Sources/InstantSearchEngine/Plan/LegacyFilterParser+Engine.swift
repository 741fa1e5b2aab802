import InstantSearchModel

extension LegacyFilterParser {
  /// The clauses of `query`'s filters (`Query.filterClauses()`), its errors as the engine's.
  ///
  /// - Throws: ``EngineError/invalidFilters(_:)`` or ``EngineError/invalidParameter(_:)``.
  static func clauses(of query: Query) throws(EngineError) -> [[Filter]] {
    do {
      return try query.filterClauses()
    } catch {
      throw EngineError(error)
    }
  }

  /// One `facetFilters` element as a filter, its errors as the engine's.
  static func engineFacet(_ text: String) throws(EngineError) -> Filter {
    do {
      return try facet(text)
    } catch {
      throw EngineError(error)
    }
  }
}

extension EngineError {
  /// The engine's error for a query's filters that cannot be read (the same status and message).
  init(_ error: QueryFiltersError) {
    switch error {
    case .invalidFilters(let parse): self = .invalidFilters(parse)
    case .invalidParameter(let message): self = .invalidParameter(message)
    }
  }
}
