/// One record of a query suggestions index: a query people searched, with how often.
///
/// Algolia's Query Suggestions indices hold `{"query": "iphone case", "popularity": 1234, …}`;
/// `instantsearch suggestions build` makes one from a log of past queries.
public struct QuerySuggestion: Hashable, Sendable {
  /// The record's objectID.
  public var objectID: String
  /// The suggested query text.
  public var query: String
  /// How popular it is (the number of searches behind it), if the record says.
  public var popularity: Int?
  /// The query with the typed words highlighted, if the engine sent it (`<em>iph</em>one case`).
  public var highlighted: String?

  /// Creates a suggestion.
  public init(objectID: String, query: String, popularity: Int? = nil, highlighted: String? = nil) {
    self.objectID = objectID
    self.query = query
    self.popularity = popularity
    self.highlighted = highlighted
  }

  /// The suggestion of a hit, or `nil` when the hit has no string `query`.
  public init?(_ hit: SearchHit) {
    guard let query = hit["query"]?.stringValue else { return nil }
    let popularity = hit["popularity"]?.doubleValue.flatMap { Int(exactly: $0.rounded()) }
    self.init(
      objectID: hit.objectID, query: query, popularity: popularity, highlighted: hit.highlight(for: "query")?.value)
  }
}

/// A view of query suggestions: shows them, reports the one the user picks.
@MainActor
public protocol QuerySuggestionsController: AnyObject {
  /// Set by the connection: what picking a suggestion does.
  var onSelect: ((QuerySuggestion) -> Void)? { get set }

  /// Shows the suggestions (best first; empty: hide the list).
  func setSuggestions(_ suggestions: [QuerySuggestion])
}
