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
}
