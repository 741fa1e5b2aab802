/// Whether a hits list loads the next page by itself as its end comes into view.
public enum InfiniteScrolling: Hashable, Sendable {
  /// Loads the next page when a row fewer than `offset` rows from the end is displayed.
  case on(withOffset: Int)
  /// Shows the page the searcher returns — the first, or the one a pagination widget picked, which
  /// replaces the list — and more only when ``HitsInteractor/loadNextPageIfNeeded()`` is called (a
  /// "load more" button).
  case off
}

/// A view of hits: it reads them from its ``hitsSource`` when told to reload.
///
/// Keep ``hitsSource`` `weak` in your implementation: the interactor already keeps the connection that
/// keeps the controller.
@MainActor
public protocol HitsController<Record>: AnyObject {
  /// The hit type.
  associatedtype Record: Decodable & Sendable
  /// Where the rows come from (``HitsInteractor/numberOfHits()`` and ``HitsInteractor/hit(atIndex:)``).
  var hitsSource: HitsInteractor<Record>? { get set }
  /// Reads the rows again.
  func reload()
  /// Shows the first row (after a new query or filters). Defaults to doing nothing.
  func scrollToTop()
}

extension HitsController {
  /// Does nothing.
  public func scrollToTop() {}
}
