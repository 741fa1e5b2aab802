import Observation

/// The state of a hits list: the pages loaded so far for the current query and filters, decoded as
/// `Record`.
///
/// Pages are kept contiguous from ``firstPage``: page 0 when scrolling infinitely; with
/// ``InfiniteScrolling/off``, the page the searcher returned (a pagination widget's pick), extended only by
/// ``loadNextPageIfNeeded()``. A new query or new filters make the loaded pages stale: they stay on screen
/// until the first page of the new results replaces them, but are never extended again. With
/// ``InfiniteScrolling/on(withOffset:)``, reading a row near the end (``hit(atIndex:)``) asks the searcher
/// for the next page, once.
@MainActor
@Observable
public final class HitsInteractor<Record: Decodable & Sendable>: WidgetInteractor {
  /// Whether the next page loads by itself.
  public let infiniteScrolling: InfiniteScrolling
  /// Whether hits show when the query is empty.
  public let showItemsOnEmptyQuery: Bool
  /// The loaded pages, ``firstPage`` first.
  public private(set) var pages: [[Record]] = []
  /// The page the loaded ones start at: 0 while scrolling infinitely; the page shown with
  /// ``InfiniteScrolling/off`` (a page picked in a pagination widget).
  public private(set) var firstPage = 0
  /// The number of hits of the latest results.
  public private(set) var nbHits = 0
  /// The number of pages the latest results have.
  public private(set) var nbPages = 0
  /// The query of the latest results.
  public private(set) var query: String?
  /// The latest hit that could not be decoded as `Record` (the hit is left out).
  public private(set) var decodingError: ResponseDecodingError?
  /// Whether the loaded pages belong to an earlier query or earlier filters.
  public private(set) var isStale = false
  /// Counts the first pages taken: it changes each time new results replace the list.
  public private(set) var generation = 0

  @ObservationIgnored let links = WidgetLinks()
  /// Where requests for the next page go (to the connected searcher).
  @ObservationIgnored let pageRequests = IntentSinks<Int>()
  @ObservationIgnored private var requestedPage: Int?

  /// Creates an interactor.
  public init(infiniteScrolling: InfiniteScrolling = .on(withOffset: 5), showItemsOnEmptyQuery: Bool = true) {
    self.infiniteScrolling = infiniteScrolling
    self.showItemsOnEmptyQuery = showItemsOnEmptyQuery
  }

  /// Every loaded hit, in order.
  public var hits: [Record] { isHidden ? [] : pages.flatMap { $0 } }

  /// The number of rows to show.
  public func numberOfHits() -> Int { isHidden ? 0 : pages.reduce(0) { $0 + $1.count } }

  /// The hit of a row, or `nil` past the loaded ones. Reading a row near the end loads the next page.
  public func hit(atIndex index: Int) -> Record? {
    guard !isHidden, index >= 0 else { return nil }
    let loaded = numberOfHits()
    if case .on(let offset) = infiniteScrolling, index >= loaded - max(offset, 1) { loadNextPageIfNeeded() }
    var remaining = index
    for page in pages {
      if remaining < page.count { return page[remaining] }
      remaining -= page.count
    }
    return nil
  }

  /// Asks for the page after the loaded ones, unless it is asked already, there is none, or the pages
  /// are stale.
  public func loadNextPageIfNeeded() {
    let next = firstPage + pages.count
    guard !isStale, requestedPage == nil, next > 0, next < nbPages else { return }
    requestedPage = next
    pageRequests.send(next)
  }

  /// Calls `handler` after each change of the hits.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  /// Marks the loaded pages stale (a new query or new filters are on their way).
  func invalidate() {
    guard !pages.isEmpty, !isStale else { return }
    update {
      $0.isStale = true
      $0.requestedPage = nil
    }
  }

  /// Takes a page of results. Page 0 replaces everything; the page after the loaded ones is appended
  /// (with ``InfiniteScrolling/off``, only when this interactor asked for it: a "load more" button);
  /// with ``InfiniteScrolling/off`` any other page replaces the list (the page a pagination widget
  /// picked); scrolling infinitely, any other page is ignored.
  func take(_ response: SearchResponse, query requestQuery: String?) {
    let records = decode(response.hits)
    let isNext = !isStale && response.page == firstPage + pages.count
    let replaces: Bool
    switch infiniteScrolling {
    case .on: replaces = response.page == 0
    case .off: replaces = response.page == 0 || !(isNext && requestedPage == response.page)
    }
    if replaces {
      update {
        $0.nbHits = response.nbHits
        $0.nbPages = response.nbPages
        $0.query = response.query ?? requestQuery
        $0.generation += 1
        $0.isStale = false
        $0.requestedPage = nil
        $0.firstPage = response.page
        $0.pages = [records]
      }
    } else if isNext {
      update {
        $0.nbHits = response.nbHits
        $0.nbPages = response.nbPages
        $0.requestedPage = nil
        $0.pages.append(records)
      }
    }
  }

  private var isHidden: Bool { !showItemsOnEmptyQuery && (query ?? "").isEmpty }

  private func decode(_ hits: [SearchHit]) -> [Record] {
    // A `Hit<…>` is made from the raw hit directly; other records go through JSON. Asked once per page.
    let wrapper = Record.self as? any SearchHitDecodable.Type
    return hits.compactMap { hit in
      if let record = hit as? Record { return record }
      do throws(ResponseDecodingError) {
        if let wrapper, let record = try wrapper.init(hit) as? Record { return record }
        return try hit.decode(as: Record.self)
      } catch {
        decodingError = error
        return nil
      }
    }
  }

  /// New results always come with a new generation or one more page.
  var changeSnapshot: some Equatable {
    ChangeKey(generation, firstPage, pages.count, isStale, nbHits, nbPages, query)
  }
}
