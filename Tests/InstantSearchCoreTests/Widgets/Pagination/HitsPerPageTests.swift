import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting
import Testing

@MainActor
@Suite("Hits per page", .timeLimit(.minutes(2)))
struct HitsPerPageTests {
  static let items: [HitsPerPageItem] = [
    .init(value: 8, label: "8 per page", isDefault: true), .init(value: 16, label: "16 per page"),
    .init(value: 32, label: "32 per page"),
  ]

  @Test("The default applies at connect; a choice sets hitsPerPage, goes back to the first page and searches")
  func choose() async throws {
    let searcher = try HierarchicalFixtureCatalog.searcher()
    let view = TestSegmentController()
    let connector = HitsPerPageConnector(searcher: searcher, items: Self.items, controller: view)
    #expect(searcher.request.hitsPerPage == 8)
    #expect(view.items == [0: "8 per page", 1: "16 per page", 2: "32 per page"] && view.selected == 0)
    searcher.search()
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbPages == 6)
    searcher.request.page = 3
    view.onClick?(2)
    await searcher.waitForResults()
    #expect(searcher.request.page ?? 0 == 0)
    #expect(searcher.latestResponse?.hitsPerPage == 32 && searcher.latestResponse?.nbPages == 2)
    #expect(view.selected == 2 && connector.interactor.selectedValue == 32)
    // Set elsewhere to a value none of the choices has: no choice is selected after the results.
    searcher.request.hitsPerPage = 10
    searcher.search()
    await searcher.waitForResults()
    #expect(view.selected == nil && connector.interactor.selected == nil)
    searcher.request.hitsPerPage = 16
    searcher.search()
    await searcher.waitForResults()
    #expect(view.selected == 1)
  }

  @Test("A request that already has hitsPerPage wins at connect; without a default the first item is")
  func connectAndDefaults() throws {
    let searcher = try HierarchicalFixtureCatalog.searcher()
    searcher.request.hitsPerPage = 16
    let connector = HitsPerPageConnector(searcher: searcher, items: Self.items)
    #expect(connector.interactor.selected == 1 && searcher.request.hitsPerPage == 16)
    let plain = HitsPerPageInteractor(items: [.init(value: 5, label: "5"), .init(value: 10, label: "10")])
    #expect(plain.selected == 0)
    #expect(HitsPerPageInteractor(items: []).selected == nil)
    plain.select(7)
    plain.select(1)
    #expect(plain.selected == 1)
  }

  @Test("Disconnecting undoes connecting: clicks no longer reach the searcher")
  func disconnect() throws {
    let searcher = try HierarchicalFixtureCatalog.searcher()
    let view = TestSegmentController()
    let connector = HitsPerPageConnector(searcher: searcher, items: Self.items, controller: view)
    connector.disconnect()
    #expect(view.onClick == nil)
    connector.interactor.select(1)
    #expect(searcher.request.hitsPerPage == 8 && connector.interactor.selected == 1)
  }
}
