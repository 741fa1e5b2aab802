import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting
import Testing

/// Page links that record what they are given.
@MainActor
final class TestPaginationController: PaginationController {
  var onPageSelected: ((Int) -> Void)?
  var pages: [PageLink] = []
  var hasPrevious = false
  var hasNext = false
  var updates = 0

  func setPages(_ pages: [PageLink], hasPrevious: Bool, hasNext: Bool, nbPages: Int) {
    self.pages = pages
    self.hasPrevious = hasPrevious
    self.hasNext = hasNext
    updates += 1
  }

  /// The links as `‹ 1 [2] 3 ›`: the current page in brackets, the arrows when they lead somewhere.
  var shown: String {
    ((hasPrevious ? ["‹"] : []) + pages.map { $0.isCurrent ? "[\($0.label)]" : $0.label } + (hasNext ? ["›"] : []))
      .joined(separator: " ")
  }
}

@MainActor
@Suite("Pagination", .timeLimit(.minutes(2)))
struct PaginationTests {
  /// A searcher of the 48-record hierarchical catalog, 5 hits a page (10 pages).
  static func searcher() throws -> HitsSearcher {
    let searcher = try HierarchicalFixtureCatalog.searcher()
    searcher.request.hitsPerPage = 5
    return searcher
  }

  @Test("The window: 2 × padding + 1 pages around the current one, shifted at the ends, as InstantSearch.js")
  func window() {
    // InstantSearch.js's rule, written out: the pages on the left of the current one are `padding`, fewer
    // near the start, more near the end so that the window stays full.
    func reference(current: Int, padding: Int, total: Int) -> [Int] {
      guard total > 0 else { return [0] }
      let shown = min(2 * padding + 1, total)
      if shown == total { return Array(0..<total) }
      let left =
        current <= padding ? current : current >= total - padding ? shown - (total - current) : padding
      return Array((current - left)..<(current - left + shown))
    }
    for padding in 0...4 {
      for total in 0...12 {
        for current in 0..<max(total, 1) {
          let pages = PaginationInteractor.pages(current: current, padding: padding, nbPages: total)
          #expect(pages == reference(current: current, padding: padding, total: total))
          #expect(pages.contains(current))
        }
      }
    }
    #expect(PaginationInteractor.pages(current: 5, padding: 2, nbPages: 10) == [3, 4, 5, 6, 7])
    let unconnected = PaginationInteractor(padding: 2, currentPage: 5)
    #expect(unconnected.pages == [0] && !unconnected.isFirstPage && unconnected.isLastPage)
  }

  @Test("Connected: the links follow the results; a picked page is searched; new filters go back to the first")
  func connected() async throws {
    let searcher = try Self.searcher()
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    let controller = TestPaginationController()
    let pagination = PaginationConnector(searcher: searcher, padding: 2, controller: controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.shown == "[1] 2 3 4 5 ›")
    controller.onPageSelected?(3)
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.page == 3 && searcher.latestResponse?.hits.count == 5)
    #expect(controller.shown == "‹ 2 3 [4] 5 6 ›")
    pagination.interactor.last()
    await searcher.waitForResults()
    #expect(controller.shown == "‹ 6 7 8 9 [10]" && pagination.interactor.isLastPage)
    // Filters narrow the results to 18 records: the searcher goes back to the first page, the links follow.
    filterState[and: "brand"].add(Filter.Facet(attribute: "brand", stringValue: "Acme"))
    searcher.search()
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 18)
    #expect(controller.shown == "[1] 2 3 4 ›")
    pagination.interactor.previous()
    #expect(searcher.request.page ?? 0 == 0)
  }

  @Test("With a hits list that does not scroll infinitely: each picked page replaces the rows; load more appends")
  func withHits() async throws {
    let searcher = try Self.searcher()
    let hits = TestHitsController<SearchHit>()
    let hitsConnector = HitsConnector<SearchHit>(
      searcher: searcher, interactor: .init(infiniteScrolling: .off), controller: hits)
    let pagination = PaginationConnector(searcher: searcher, padding: 2, controller: TestPaginationController())
    searcher.search()
    await searcher.waitForResults()
    let first = hits.rows.map(\.objectID)
    #expect(first.count == 5 && hits.scrolledToTop == 1)
    pagination.interactor.select(page: 3)
    await searcher.waitForResults()
    let fourth = hits.rows.map(\.objectID)
    #expect(fourth == searcher.latestResponse?.hits.map(\.objectID) && Set(fourth).isDisjoint(with: first))
    #expect(hitsConnector.interactor.firstPage == 3 && hits.scrolledToTop == 2)
    pagination.interactor.previous()
    await searcher.waitForResults()
    #expect(hits.rows.count == 5 && hitsConnector.interactor.firstPage == 2 && hits.scrolledToTop == 3)
    // "Load more" from page 3 (index 2) appends page 4 (index 3), the rows it showed before.
    hitsConnector.interactor.loadNextPageIfNeeded()
    await searcher.waitForResults()
    #expect(hits.rows.count == 10 && Array(hits.rows.map(\.objectID).suffix(5)) == fourth)
    #expect(hitsConnector.interactor.firstPage == 2 && hits.scrolledToTop == 3)
  }

  @Test("totalPagesLimit caps the pages offered; pages past the end or negative are not selected")
  func limits() async throws {
    let searcher = try Self.searcher()
    let controller = TestPaginationController()
    let pagination = PaginationConnector(
      searcher: searcher, interactor: PaginationInteractor(padding: 1, totalPagesLimit: 3), controller: controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(pagination.interactor.nbPages == 3 && controller.shown == "[1] 2 3 ›")
    pagination.interactor.select(page: 3)
    pagination.interactor.select(page: -1)
    #expect(searcher.request.page ?? 0 == 0)
    pagination.interactor.last()
    await searcher.waitForResults()
    #expect(controller.shown == "‹ 1 2 [3]")
  }

  @Test("Connecting takes the searcher's page; one update per change; disconnecting undoes connecting")
  func connectAndDisconnect() async throws {
    let searcher = try Self.searcher()
    searcher.request.page = 2
    let controller = TestPaginationController()
    let pagination = PaginationConnector(searcher: searcher, controller: controller)
    #expect(pagination.interactor.currentPage == 2 && controller.updates == 1)
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.updates == 2 && controller.shown == "‹ 1 2 [3] 4 5 6 7 ›")
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.updates == 2)
    pagination.disconnect()
    #expect(controller.onPageSelected == nil)
    searcher.request.page = 0
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.updates == 2 && pagination.interactor.currentPage == 2)
  }

  @Test("The observable controller publishes once per change and steps with next and previous")
  func observable() async throws {
    let searcher = try Self.searcher()
    let controller = PaginationObservableController()
    var published = 0
    let subscription = controller.objectWillChange.sink { published += 1 }
    let pagination = PaginationConnector(searcher: searcher, padding: 1, controller: controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(published == 2 && controller.pages.map(\.label) == ["1", "2", "3"])
    controller.next()
    await searcher.waitForResults()
    #expect(controller.currentPage == 1 && controller.hasPrevious)
    controller.previous()
    await searcher.waitForResults()
    #expect(controller.currentPage == 0 && !controller.hasPrevious && published == 4)
    _ = (subscription, pagination)
  }
}
