import Observation

/// The logic of page links (InstantSearch.js's `pagination`): the searcher's current page, how many pages
/// its results have, and the window of page numbers to show around the current one.
///
/// Selecting a page sets it on the connected searcher and searches; the searcher itself goes back to the
/// first page when the query, the filters or the index change, and the pagination follows it.
@MainActor
@Observable
public final class PaginationInteractor: WidgetInteractor {
  /// How many page numbers are shown on each side of the current one (3 by default, as InstantSearch.js):
  /// the window holds `2 × padding + 1` pages, fewer when there are fewer.
  public let padding: Int
  /// The most pages offered, whatever the results have (`nil`: all of them), as InstantSearch.js's
  /// `totalPages`.
  public let totalPagesLimit: Int?
  /// The current page, from 0.
  public internal(set) var currentPage: Int
  /// How many pages the latest results have (capped by ``totalPagesLimit``).
  public internal(set) var nbPages: Int = 0

  @ObservationIgnored let links = WidgetLinks()
  /// Where page selections go while a searcher is connected.
  @ObservationIgnored let pageRequests = IntentSinks<Int>()

  /// Creates an interactor at `currentPage`.
  ///
  /// - Parameters:
  ///   - padding: page numbers on each side of the current one (at least 0).
  ///   - totalPagesLimit: the most pages offered (at least 1), or `nil`.
  ///   - currentPage: the page shown before any results (0 by default).
  public init(padding: Int = 3, totalPagesLimit: Int? = nil, currentPage: Int = 0) {
    self.padding = max(0, padding)
    self.totalPagesLimit = totalPagesLimit.map { max(1, $0) }
    self.currentPage = max(0, currentPage)
  }

  /// The page numbers to show, in order: a window of up to `2 × padding + 1` pages holding the current one,
  /// as centred on it as the first and last pages allow; `[0]` while there are no pages (a first page).
  public var pages: [Int] { Self.pages(current: currentPage, padding: padding, nbPages: nbPages) }

  /// The window of page numbers ``pages`` shows for `current` among `nbPages` with `padding` on each side.
  public static func pages(current: Int, padding: Int, nbPages: Int) -> [Int] {
    guard nbPages > 0 else { return [0] }
    let size = min(2 * max(padding, 0) + 1, nbPages)
    let start = min(max(current - max(padding, 0), 0), nbPages - size)
    return Array(start..<(start + size))
  }

  /// Whether the current page is the first.
  public var isFirstPage: Bool { currentPage == 0 }
  /// Whether there is no page after the current one.
  public var isLastPage: Bool { currentPage + 1 >= nbPages }

  /// Goes to `page` (nothing happens for the current page, a negative one, or one past the last while the
  /// number of pages is known).
  public func select(page: Int) {
    guard page != currentPage, page >= 0, nbPages == 0 || page < nbPages else { return }
    if !pageRequests.send(page) { update { $0.currentPage = page } }
  }

  /// Goes to the next page, if any.
  public func next() { if !isLastPage { select(page: currentPage + 1) } }
  /// Goes to the previous page, if any.
  public func previous() { if !isFirstPage { select(page: currentPage - 1) } }
  /// Goes to the first page.
  public func first() { select(page: 0) }
  /// Goes to the last page, once the number of pages is known.
  public func last() { if nbPages > 0 { select(page: nbPages - 1) } }

  /// Calls `handler` after each change of the current page or the number of pages.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(currentPage, nbPages) }

  /// `nbPages` as offered: capped by ``totalPagesLimit``.
  func offered(_ nbPages: Int) -> Int {
    totalPagesLimit.map { min($0, nbPages) } ?? nbPages
  }
}
