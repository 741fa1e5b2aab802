/// Algolia's `naturalLanguages`: the defaults that suit a query written as a sentence.
extension Query {
  /// The context and analytics tag ``naturalLanguages`` adds.
  public static let naturalLanguageTag = "natural_language"

  /// This query with ``naturalLanguages`` applied, as Algolia documents it: ``ignorePlurals`` and
  /// ``removeStopWords`` set to those languages and ``removeWordsIfNoResults`` to `allOptional` where the
  /// query does not set them itself (over the index's settings), and ``naturalLanguageTag`` added to
  /// ``ruleContexts`` and ``analyticsTags``. Without languages, the query as it is.
  public func applyingNaturalLanguages() -> Query {
    guard let languages = naturalLanguages, !languages.isEmpty else { return self }
    var query = self
    if query.ignorePlurals == nil { query.ignorePlurals = .languages(languages) }
    if query.removeStopWords == nil { query.removeStopWords = .languages(languages) }
    if query.removeWordsIfNoResults == nil { query.removeWordsIfNoResults = .allOptional }
    if query.ruleContexts?.contains(Self.naturalLanguageTag) != true {
      query.ruleContexts = (query.ruleContexts ?? []) + [Self.naturalLanguageTag]
    }
    if query.analyticsTags?.contains(Self.naturalLanguageTag) != true {
      query.analyticsTags = (query.analyticsTags ?? []) + [Self.naturalLanguageTag]
    }
    return query
  }
}
