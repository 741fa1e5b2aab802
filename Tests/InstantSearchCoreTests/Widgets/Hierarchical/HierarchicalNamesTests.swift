import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting
import Testing

@MainActor
@Suite("Hierarchical menu: InstantSearch iOS's names")
struct HierarchicalNamesTests {
  /// The connector made as InstantSearch iOS's showcase makes it: generic over the view, with
  /// `where Controller.Item == [HierarchicalFacet]` and `presenter: DefaultPresenter.Hierarchical.present`.
  func connector<Controller: HierarchicalController>(
    _ controller: Controller, searcher: HitsSearcher, filterState: FilterState
  ) -> HierarchicalConnector where Controller.Item == [HierarchicalFacet] {
    HierarchicalConnector(
      searcher: searcher, filterState: filterState, hierarchicalAttributes: HierarchicalFixtureCatalog.attributes,
      separator: " > ", controller: controller, presenter: DefaultPresenter.Hierarchical.present)
  }

  @Test("DefaultPresenter.Hierarchical.present shows the same rows as the connector's default")
  func defaultPresenter() async throws {
    let searcher = try HierarchicalFixtureCatalog.searcher()
    let filterState = FilterState()
    let named = TestHierarchicalController()
    let made = connector(named, searcher: searcher, filterState: filterState)
    let plain = TestHierarchicalController()
    let other = HierarchicalConnector(
      searcher: searcher, filterState: filterState, hierarchicalAttributes: HierarchicalFixtureCatalog.attributes,
      separator: " > ", controller: plain)
    searcher.connectFilterState(filterState)
    named.onClick?("Men")
    searcher.search()
    await searcher.waitForResults()
    #expect(named.shown == plain.shown)
    #expect(named.shown.contains("  Men > Shoes (12)"))
    _ = (made, other)
  }

  @Test("An anchor-style presenter function ports as arrange: it gets the built rows last; connectSearcher(searcher:)")
  func arrangeAndLabel() async throws {
    let searcher = try HierarchicalFixtureCatalog.searcher()
    let filterState = FilterState()
    let interactor = HierarchicalInteractor(
      hierarchicalAttributes: HierarchicalFixtureCatalog.attributes, separator: " > ")
    interactor.connectSearcher(searcher: searcher)
    interactor.connectFilterState(filterState)
    searcher.connectFilterState(filterState)
    // Top-level values only, by decreasing count: the kind of function InstantSearch iOS's pages show.
    let topByCount = HierarchicalPresenter { rows in
      rows.filter { $0.level == 0 }.sorted { $0.facet.count > $1.facet.count }
    }
    let arranged = TestHierarchicalController()
    let plain = TestHierarchicalController()
    interactor.connectController(arranged, presenter: topByCount)
    interactor.connectController(plain)
    searcher.search()
    await searcher.waitForResults()
    let top = plain.shown.filter { !$0.hasPrefix(" ") }
    #expect(top.count >= 2)
    #expect(arranged.shown.count == top.count && Set(arranged.shown) == Set(top))
    let counts = arranged.shown.map(count(of:))
    #expect(counts == counts.sorted(by: >))
  }

  /// The count a row of `TestHierarchicalController.shown` ends with: `Men (12)` → 12.
  private func count(of row: String) -> Int {
    Int(row.split(separator: "(").last?.dropLast() ?? "") ?? -1
  }
}
