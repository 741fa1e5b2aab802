/// Something that searches when told to: InstantSearch iOS's `Searchable`.
@MainActor
public protocol Searchable: AnyObject {
  /// Sends the current request.
  func search()
}

/// Something whose query text can be set: InstantSearch iOS's `QuerySettable`.
@MainActor
public protocol QuerySettable: AnyObject {
  /// Sets the query text (`nil`: none).
  func setQuery(_ query: String?)
}

/// A searcher a search box drives (InstantSearch iOS's `AnyObject & Searchable & QuerySettable`, with what
/// a search box also reads): its query text, set and followed, and a search on demand. ``HitsSearcher``
/// and ``MultiSearcher`` are such searchers, so one search box serves a single index or several at once
/// (query suggestions beside the results).
@MainActor
public protocol QuerySearcher: Searchable, QuerySettable {
  /// The query text.
  var query: String? { get }
  /// Calls `handler` with the new text whenever the query text changes, however it was set.
  func onQueryChanged(_ handler: @escaping @MainActor (String?) -> Void) -> SubscriptionToken
}

extension HitsSearcher: QuerySearcher {}
extension MultiSearcher: QuerySearcher {}
