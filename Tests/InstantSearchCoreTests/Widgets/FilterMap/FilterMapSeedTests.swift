// swift-format-ignore-file: the seed examples are copied as the page writes them.

import InstantSearchCore
import Testing

/// The seed's connector example as written (it targets the Algolia service, so it is only compiled).
@MainActor
class SeedFilterMapSearchController {
  let searcher: HitsSearcher
  let filterState: FilterState
  let filterMapConnector: FilterMapConnector<Filter.Facet>
  let controller = SegmentedController<Filter.Facet>(segmentedControl: .init())

  init() {
    let gender: Attribute = "gender"
    let male = Filter.Facet(attribute: "gender", stringValue: "male")
    let female = Filter.Facet(attribute: "gender", stringValue: "female")
    let notSpecified = Filter.Facet(attribute: "gender", stringValue: "not specified")
    let items: [Int: Filter.Facet] = [
      0: male,
      1: female,
      2: notSpecified,
    ]
    self.searcher = HitsSearcher(
      appID: "YourApplicationID",
      apiKey: "YourAPIKey",
      indexName: "YourIndexName")
    self.filterState = FilterState()
    self.filterMapConnector = .init(
      searcher: searcher,
      filterState: filterState,
      items: items,
      selected: 0,
      attribute: gender,
      operator: .or,
      controller: controller,
      presenter: DefaultPresenter.Filter.present)
    searcher.connectFilterState(filterState)
    searcher.search()
  }
}

/// The seed's low-level example, with the searcher injected so that it runs on the embedded engine.
@MainActor
class SeedFilterMapLowLevelController {
  let searcher: HitsSearcher
  let filterState: FilterState
  let filterMapInteractor: FilterMapInteractor<Filter.Facet>
  let controller = SegmentedController<Filter.Facet>(segmentedControl: .init())

  init(searcher: HitsSearcher) {
    let gender: Attribute = "gender"
    let male = Filter.Facet(attribute: "gender", stringValue: "male")
    let female = Filter.Facet(attribute: "gender", stringValue: "female")
    let notSpecified = Filter.Facet(attribute: "gender", stringValue: "not specified")
    self.searcher = searcher
    let items: [Int: Filter.Facet] = [
      0: male,
      1: female,
      2: notSpecified,
    ]
    self.filterState = FilterState()
    self.filterMapInteractor = .init(
      items: items,
      selected: 0)
    searcher.connectFilterState(filterState)
    filterMapInteractor.connectSearcher(searcher, attribute: gender)
    filterMapInteractor.connectFilterState(
      filterState,
      attribute: gender,
      operator: .or)
    filterMapInteractor.connectController(
      controller,
      presenter: DefaultPresenter.Filter.present)
    searcher.search()
  }
}

@MainActor
@Suite("Filter Map: the seed page", .timeLimit(.minutes(2)))
struct FilterMapSeedTests {
  @Test("The seed's connector example, end to end on the embedded engine")
  func seedConnector() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    let controller = SegmentedController<Filter.Facet>(segmentedControl: .init())
    let gender = Attribute("gender")
    let filters = [
      0: Filter.Facet(attribute: gender, value: "male"),
      1: Filter.Facet(attribute: gender, value: "female"),
      2: Filter.Facet(attribute: gender, value: "not specified"),
    ]
    let connector: FilterMapConnector<Filter.Facet> = .init(
      searcher: searcher,
      filterState: filterState,
      items: filters,
      selected: 0,
      attribute: gender,
      operator: .or,
      controller: controller,
      presenter: DefaultPresenter.Filter.present)
    searcher.connectFilterState(filterState)
    searcher.search()
    // The initial selection is in the filter state (anchor §9.10).
    #expect(filterState.description == #"( "gender":"male" )"#)
    #expect(controller.segmentedControl.titles == ["male", "female", "not specified"])
    #expect(controller.selectedTitle == "male")
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 2)
    #expect(searcher.request.facets == ["gender"])

    controller.tap(position: 1)
    #expect(filterState.description == #"( "gender":"female" )"#)
    #expect(connector.interactor.selected == 1)
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 2)
    #expect(controller.selectedTitle == "female")
  }

  @Test("The seed's low-level example runs, its discarded connections kept by the interactor")
  func seedLowLevel() async throws {
    let screen = SeedFilterMapLowLevelController(searcher: try WidgetFixture.searcher())
    #expect(screen.filterState.description == #"( "gender":"male" )"#)
    await screen.searcher.waitForResults()
    #expect(screen.searcher.latestResponse?.nbHits == 2)
    screen.controller.tap(position: 2)
    await screen.searcher.waitForResults()
    #expect(screen.searcher.latestResponse?.nbHits == 1)
    #expect(screen.controller.selectedTitle == "not specified")
    // The as-written connector example compiles against the package.
    let seedType: SeedFilterMapSearchController.Type = SeedFilterMapSearchController.self
    _ = seedType
  }
}
