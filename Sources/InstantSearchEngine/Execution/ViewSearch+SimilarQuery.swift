import InstantSearchModel

/// `similarQuery`, as Algolia documents it: its words are searched instead of `query`'s, with
/// `queryType: prefixNone` and `removeStopWords: true`, every remaining word optional, and the `words`
/// criterion first (a record holding more of the words ranks first, whatever its typos). The Related Items
/// widget searches this way. Filters, facets and the other parameters apply as usual.
extension ViewSearch {
  /// `query` as it searches: unchanged without a `similarQuery`; otherwise with the similar query's words
  /// as its text, read as Algolia reads them. The words-first ranking follows from `similarQuery` being
  /// set (``TextConstraints``).
  static func readingSimilarQuery(_ query: Query) -> Query {
    guard let similar = query.similarQuery, !similar.isEmpty else { return query }
    var read = query
    read.query = similar
    read.queryType = .prefixNone
    // Stop words go; a list of languages given for it stays (it says which stop words).
    if read.removeStopWords == nil || read.removeStopWords == .enabled(false) { read.removeStopWords = .enabled(true) }
    // Every word optional: an entry's words are each optional.
    read.optionalWords = [similar]
    // The query's own way of dropping words would drop optional words again.
    read.removeWordsIfNoResults = Query.RemoveWordsIfNoResults.none
    return read
  }
}
