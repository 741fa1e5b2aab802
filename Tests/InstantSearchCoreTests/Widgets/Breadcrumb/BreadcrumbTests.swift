import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting
import Testing

/// A breadcrumb view that records the steps it is given.
@MainActor
final class TestBreadcrumbController: BreadcrumbController {
  var onSelect: ((Int?) -> Void)?
  var items: [BreadcrumbItem] = []
  var updates = 0

  func setItems(_ items: [BreadcrumbItem]) {
    self.items = items
    updates += 1
  }

  /// The steps as `Home › Men › [Shoes]`, the current one in brackets.
  var shown: String {
    (["Home"] + items.map { $0.isCurrent ? "[\($0.label)]" : $0.label }).joined(separator: " › ")
  }
}

@MainActor
@Suite("Breadcrumb", .timeLimit(.minutes(2)))
struct BreadcrumbTests {
  @Test("The steps follow the menu; a step goes back up to it, Home clears the category")
  func followsTheMenu() async throws {
    let searcher = try HierarchicalFixtureCatalog.searcher()
    let filterState = FilterState()
    let menuView = TestHierarchicalController()
    let menu = HierarchicalConnector(
      searcher: searcher, filterState: filterState, hierarchicalAttributes: HierarchicalFixtureCatalog.attributes,
      separator: " > ", controller: menuView)
    let view = TestBreadcrumbController()
    let breadcrumb = BreadcrumbConnector(hierarchicalConnector: menu, controller: view)
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    #expect(view.shown == "Home")
    menuView.onClick?("Men")
    menuView.onClick?("Men > Shoes")
    menuView.onClick?("Men > Shoes > Boots")
    await searcher.waitForResults()
    #expect(view.shown == "Home › Men › Shoes › [Boots]")
    #expect(view.items.map(\.value) == ["Men", "Men > Shoes", "Men > Shoes > Boots"])
    view.onSelect?(0)
    await searcher.waitForResults()
    #expect(filterState.description == #"( "categories.lvl0":"Men" )"#)
    #expect(view.shown == "Home › [Men]" && menu.interactor.selections == ["Men"])
    #expect(menuView.shown.contains("Men (18) ✓"))
    view.onSelect?(0)
    #expect(view.shown == "Home › [Men]")
    view.onSelect?(nil)
    await searcher.waitForResults()
    #expect(filterState.filters.isEmpty && view.shown == "Home" && menu.interactor.selections.isEmpty)
    _ = breadcrumb
  }

  @Test("A top-level name holding the separator reads whole; its children read without it")
  func separatorInNames() {
    let items = BreadcrumbInteractor.items(path: ["Kids > 12", "Kids > 12 > Shoes"], separator: " > ")
    #expect(items.map(\.label) == ["Kids > 12", "Shoes"] && items.map(\.isCurrent) == [false, true])
  }

  @Test("Disconnecting undoes connecting; the observable controller publishes once per change")
  func disconnectAndObserve() throws {
    let hierarchical = HierarchicalInteractor(
      hierarchicalAttributes: HierarchicalFixtureCatalog.attributes, separator: " > ")
    let view = TestBreadcrumbController()
    let observed = BreadcrumbObservableController()
    var published = 0
    let subscription = observed.objectWillChange.sink { published += 1 }
    let breadcrumb = BreadcrumbConnector(hierarchical: hierarchical, controller: view)
    let other = BreadcrumbConnector(hierarchical: hierarchical, controller: observed)
    hierarchical.select(path: ["Women", "Women > Bags"])
    #expect(view.shown == "Home › Women › [Bags]" && view.updates == 2)
    #expect(observed.items.map(\.label) == ["Women", "Bags"] && published == 1)
    observed.select(level: 0)
    #expect(hierarchical.selections == ["Women"] && published == 2)
    breadcrumb.disconnect()
    #expect(view.onSelect == nil)
    hierarchical.select(path: [])
    #expect(view.shown == "Home › [Women]" && observed.items.isEmpty)
    _ = (subscription, other)
  }
}
