import InstantSearchCore

@testable import InstantSearchEngine

extension ViewSearch {
  /// A search of `query` in a view of `snapshot` alone (no query rules), ranked by `ranking`, with the side
  /// thread `thread` (`nil`: every piece of work on the caller's thread).
  static func oneSegment(
    _ snapshot: IndexSnapshot, _ query: Query, ranking: TextScorer.RankingStrategy = .automatic,
    thread: SideThread? = nil
  ) -> ViewSearch {
    var search = ViewSearch(view: IndexView(snapshot: snapshot), query: query)
    search.ranking = ranking
    search.parallelism = SearchParallelism(sideThread: thread)
    return search
  }
}
