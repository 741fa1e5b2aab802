import InstantSearchModel

extension FilterState {
  /// Replaces the whole content with the groups read from a `filters` string (notifies once if it
  /// differs). See `Filters.init(parsing:)`.
  ///
  /// - Throws: `FilterParseError`; the state is left unchanged.
  public func setFilters(parsing text: String) throws(FilterParseError) {
    filters = try Filters(parsing: text)
  }
}
