// swift-format-ignore-file: the seed examples are copied as the pages write them.

// The seed pages' UIKit examples, type-checked with the `InstantSearch` controllers against the UIKit
// stand-in (see `AppleOnlySourcesTests`). Top-level code is wrapped in main-actor functions and the pages'
// classes are marked `@MainActor`, which Swift 6 asks of code that builds main-actor objects. The numeric
// range page's UIKit example is the app's own `RangeSlider` control (target-action, `@objc`), not ours;
// `numberRangeSlidersExample()` wires ours the same way instead.
import InstantSearchCore
import UIKit

@available(*, deprecated, message: "the page uses the former name SingleIndexSearcher")
@MainActor
func refinementListConnectorSeedExample() {
  let searcher: SingleIndexSearcher = SingleIndexSearcher(
    appID: "YourApplicationID",
    apiKey: "YourSearchOnlyAPIKey",
    indexName: "YourIndexName")

  let filterState: FilterState = .init()

  let categoryTableViewController: UITableViewController = .init()
  let categoryListController: FacetListTableController = .init(tableView: categoryTableViewController.tableView)
  let facetListPresenter: FacetListPresenter = .init(
    sortBy: [.count(order: .descending)], limit: 5, showEmptyFacets: false)

  let categoryConnector: FacetListConnector = .init(
    searcher: searcher,
    filterState: filterState,
    attribute: "category",
    selectionMode: .multiple,
    facets: [.init(value: "initial facet", count: 10)],
    operator: .and,
    controller: categoryListController,
    presenter: facetListPresenter)

  searcher.search()
  _ = categoryConnector
}

@available(*, deprecated, message: "the page uses the former name SingleIndexSearcher")
@MainActor
func refinementListLowLevelSeedExample() {
  let searcher: SingleIndexSearcher = SingleIndexSearcher(
    appID: "YourApplicationID",
    apiKey: "YourSearchOnlyAPIKey",
    indexName: "YourIndexName")
  let filterState: FilterState = .init()

  let facetListInteractor: FacetListInteractor = .init(
    facets: [.init(value: "initial facet", count: 10)], selectionMode: .multiple)

  let categoryTableViewController: UITableViewController = .init()
  let categoryListController: FacetListTableController = .init(tableView: categoryTableViewController.tableView)
  let facetListPresenter: FacetListPresenter = .init(
    sortBy: [.count(order: .descending)], limit: 5, showEmptyFacets: false)

  facetListInteractor.connectSearcher(searcher, with: "category")
  facetListInteractor.connectFilterState(filterState, with: "category", operator: .or)
  facetListInteractor.connectController(categoryListController)
  facetListInteractor.connectController(categoryListController, with: facetListPresenter)
  searcher.connectFilterState(filterState)

  searcher.search()
}

@MainActor
func currentFiltersSeedExamples() {
  do {
    let filterState = FilterState()
    let groupID: FilterGroup.ID = .and(name: "color")
    let currenfFiltersTableController: CurrentFilterListTableController = .init(tableView: UITableView())
    let currentFiltersConnector = CurrentFiltersConnector(
      filterState: filterState,
      groupIDs: [groupID],
      controller: currenfFiltersTableController)
    _ = currentFiltersConnector
  }
  do {
    let filterState = FilterState()
    let groupID: FilterGroup.ID = .and(name: "color")
    let currentFiltersTableController: CurrentFilterListTableController = .init(tableView: UITableView())
    let currentFiltersInteractor = CurrentFiltersInteractor()
    currentFiltersInteractor.connectFilterState(filterState, filterGroupID: groupID)
    currentFiltersInteractor.connectController(currentFiltersTableController)
  }
}

@MainActor
class FilterMapConnectorSeedExample {
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

@MainActor
class FilterMapLowLevelSeedExample {
  let searcher: HitsSearcher
  let filterState: FilterState
  let filterMapInteractor: FilterMapInteractor<Filter.Facet>
  let controller = SegmentedController<Filter.Facet>(segmentedControl: .init())
  init() {
    let gender: Attribute = "gender"
    let male = Filter.Facet(attribute: "gender", stringValue: "male")
    let female = Filter.Facet(attribute: "gender", stringValue: "female")
    let notSpecified = Filter.Facet(attribute: "gender", stringValue: "not specified")
    self.searcher = HitsSearcher(
      appID: "YourApplicationID",
      apiKey: "YourAPIKey",
      indexName: "YourIndexName")
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
func numberRangeSlidersExample() {
  let searcher = HitsSearcher(
    appID: "YourApplicationID",
    apiKey: "YourApiKey",
    indexName: "YourIndexName")
  let filterState: FilterState = .init()
  let numberRangeController = NumberRangeSlidersController<Double>()
  let numericRangeConnector: NumberRangeConnector<Double> = .init(
    searcher: searcher,
    filterState: filterState,
    attribute: "price",
    controller: numberRangeController)
  searcher.search()
  _ = numericRangeConnector
  let ratings = NumberRangeSlidersController<Int>(lowerSlider: UISlider(), upperSlider: UISlider())
  let ratingConnector = NumberRangeConnector<Int>(
    searcher: searcher, filterState: filterState, attribute: "rating",
    controller: ratings)
  _ = ratingConnector
}
