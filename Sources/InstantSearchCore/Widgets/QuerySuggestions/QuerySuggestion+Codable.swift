extension QuerySuggestion: Codable {
  private enum CodingKeys: String, CodingKey {
    case objectID, query, popularity
    case highlightResult = "_highlightResult"
  }

  private struct Highlights: Codable {
    struct Value: Codable {
      let value: String
    }
    let query: Value?
  }

  /// Reads a suggestion from a hit of a query suggestions index, as InstantSearch iOS decodes its
  /// `QuerySuggestion` (so that `HitsConnector<QuerySuggestion>` and `HitsInteractor<QuerySuggestion>` work):
  /// `query` (required), `popularity` (a whole number, when there), `objectID` (the query when missing) and
  /// the highlighted query from `_highlightResult.query.value`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let query = try container.decode(String.self, forKey: .query)
    self.init(
      objectID: try container.decodeIfPresent(String.self, forKey: .objectID) ?? query, query: query,
      popularity: try container.decodeIfPresent(Int.self, forKey: .popularity),
      highlighted: try container.decodeIfPresent(Highlights.self, forKey: .highlightResult)?.query?.value)
  }

  /// Writes the suggestion as a hit of a query suggestions index holds it (the members
  /// ``init(from:)`` reads).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(objectID, forKey: .objectID)
    try container.encode(query, forKey: .query)
    try container.encodeIfPresent(popularity, forKey: .popularity)
    if let highlighted {
      try container.encode(Highlights(query: .init(value: highlighted)), forKey: .highlightResult)
    }
  }
}
