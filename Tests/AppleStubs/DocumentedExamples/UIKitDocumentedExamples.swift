// The calls InstantSearch iOS 8's widget pages and guides document, written here in our own code with the
// anchor's names and argument labels: type-checked with the UIKit controllers against the stand-ins (see
// AppleOnlySourcesTests), so that code written from those pages compiles against this package.
import InstantSearchCore
import MapKit
import UIKit

@MainActor
enum UIKitDocumentedExamples {
  /// Filter List (Numeric): the connector with a table controller; the low-level interactor.
  static func numericFilterList(searcher: HitsSearcher, filterState: FilterState) -> NumericFilterListConnector {
    let bands: [Filter.Numeric] = [
      .init(attribute: "weight", operator: .lessThan, value: 1), .init(attribute: "weight", range: 1...3),
    ]
    let table: FilterListTableController<Filter.Numeric> = .init(tableView: UITableView())
    let interactor = NumericFilterListInteractor(items: bands, selectionMode: .multiple)
    interactor.connectFilterState(filterState, operator: .or, groupName: "weights")
    interactor.connectController(FilterListTableController<Filter.Numeric>(tableView: UITableView()))
    let listView: any FilterListController = table
    _ = listView
    return NumericFilterListConnector(
      numericFilters: bands, selectionMode: .single, filterState: filterState, operator: .and, groupName: "bands",
      controller: table)
  }

  /// Filter List (Facet and Tag): empty interactors declared up front and filled later, connected to a
  /// filter state and to table controllers.
  static func facetAndTagFilterLists(filterState: FilterState) -> (FacetFilterListConnector, TagFilterListConnector) {
    let sizes = FacetFilterListInteractor()
    sizes.items = ["S", "M", "L"].map { Filter.Facet(attribute: "size", stringValue: $0) }
    sizes.connectFilterState(filterState, operator: .or, groupName: "sizes")
    sizes.connectController(FilterListTableController<FacetFilter>(tableView: UITableView()))
    let perks: [TagFilter] = ["gift wrap", "same day"]
    let perkList: TagFilterListInteractor = .init(items: perks, selectionMode: .single)
    perkList.connectFilterState(filterState, operator: .and, groupName: "perks")
    let colors = FacetFilterListConnector(
      facetFilters: ["teal", "ochre"].map { .init(attribute: "color", stringValue: $0) }, selectionMode: .multiple,
      filterState: filterState, operator: .and, groupName: "colors")
    colors.interactor.connectController(FilterListTableController<FacetFilter>(tableView: UITableView()))
    let tags = TagFilterListConnector(
      tagFilters: perks, selectionMode: .multiple, filterState: filterState, operator: .or, groupName: "tags")
    tags.interactor.connectController(FilterListTableController<TagFilter>(tableView: UITableView()))
    return (colors, tags)
  }

  /// Refinement List: the connector with every documented argument, one with its own filter state, and the
  /// interactor connected step by step.
  static func facetList(searcher: HitsSearcher, filterState: FilterState) -> [FacetListConnector] {
    let table = FacetListTableController(tableView: UITableViewController().tableView)
    let byCount = FacetListPresenter(sortBy: [.count(order: .descending)], limit: 5, showEmptyFacets: false)
    let brands = FacetListConnector(
      searcher: searcher, filterState: filterState, attribute: "brand", selectionMode: .multiple,
      facets: [.init(value: "Acme", count: 3)], persistentSelection: true, operator: .and, controller: table,
      presenter: byCount)
    brands.connect()
    let materials = FacetListConnector(searcher: searcher, attribute: "material", operator: .or)
    materials.interactor.connectController(FacetListTableController(tableView: UITableView()), with: byCount)
    let interactor = FacetListInteractor(facets: [], selectionMode: .single)
    interactor.connectSearcher(searcher, with: "origin")
    interactor.connectFilterState(filterState, with: "origin", operator: .or)
    interactor.connectController(FacetListTableController(tableView: UITableView()))
    return [brands, materials]
  }

  /// Hits: a table view controller generic over a cell configurator, through the connector made from
  /// credentials and through the interactor; a subclass for the app's own touches.
  static func hits(searcher: HitsSearcher, filterState: FilterState) -> HitsConnector<PromoBanner> {
    let table = HitsTableViewController<BannerCell>()
    let connector = HitsConnector<PromoBanner>(
      appID: "YourApplicationID", apiKey: "YourSearchOnlyAPIKey", indexName: "banners", filterState: filterState,
      controller: table)
    connector.searcher.search()
    let interactor: HitsInteractor<PromoBanner> = .init(infiniteScrolling: .off)
    interactor.connectSearcher(searcher)
    interactor.connectFilterState(filterState)
    interactor.connectController(BannerTable())
    return connector
  }

  /// Highlighting in UIKit: a hit's highlighted name as a label's attributed text.
  static func highlightedName(of hit: Hit<PromoBanner>, in label: UILabel) {
    label.attributedText = hit.hightlightedString(forKey: "title").map {
      NSAttributedString(highlightedString: $0, attributes: [.font: UIFont.boldSystemFont(ofSize: 17)])
    }
  }

  /// Related Items: the hits interactor connected with matching patterns to a hit of the shown product,
  /// and the connector with a table.
  static func relatedItems(searcher: HitsSearcher, shown: Hit<ShopItem>) -> RelatedItemsConnector<Hit<ShopItem>> {
    let patterns: [MatchingPattern<ShopItem>] = [
      .init(attribute: "brand", score: 3, filterPath: \.brand),
      .init(attribute: "categories", score: 2, filterPath: \.categories),
    ]
    let hitsInteractor = HitsInteractor<Hit<ShopItem>>()
    hitsInteractor.connectSearcher(searcher, withRelatedItemsTo: ObjectWrapper(shown), with: patterns)
    return RelatedItemsConnector<Hit<ShopItem>>(
      searcher: searcher, item: ObjectWrapper(object: shown.object, objectID: shown.objectID),
      matchingPatterns: patterns, controller: HitsTableViewController<ShopItemCell>())
  }

  /// Pagination and Breadcrumb: page links and the category path as segmented controls.
  static func pagesAndPath(searcher: HitsSearcher, categories: HierarchicalConnector) -> [WidgetConnector] {
    [
      PaginationConnector(searcher: searcher, controller: PaginationSegmentedController(segmentedControl: .init())),
      BreadcrumbConnector(
        hierarchicalConnector: categories, controller: BreadcrumbSegmentedController(segmentedControl: .init())),
    ]
  }

  /// Geo: the hits of stores on a map that drives the search (the visible region, the user's location).
  static func geo(searcher: HitsSearcher) -> GeoSearchConnector<Hit<ShopItem>> {
    let map = MapHitsController<Hit<ShopItem>>(mapView: MKMapView()) { $0.object.name }
    let connector = GeoSearchConnector<Hit<ShopItem>>(searcher: searcher, controller: map)
    map.searchInVisibleRegion()
    map.searchAround(CLLocationCoordinate2D(latitude: 48.85, longitude: 2.35), radius: 5_000)
    return connector
  }

  /// Rating and a number field: star buttons and a text field driving numeric comparisons.
  static func ratingAndYear(searcher: HitsSearcher, filterState: FilterState) -> [WidgetConnector] {
    let stars = NumericRatingController(ratingControl: RatingControl())
    let year = NumericTextFieldController(textField: UITextField())
    return [
      FilterComparisonConnector<Double>(
        searcher: searcher, filterState: filterState, attribute: "rating", numericOperator: .greaterThanOrEqual,
        controller: stars),
      FilterComparisonConnector<Int>(
        searcher: searcher, filterState: filterState, attribute: "year", numericOperator: .greaterThanOrEqual,
        controller: year),
    ]
  }

  /// Query Suggestions in UIKit: the suggestions' view controller as their hits view and as a search box.
  static func suggestionsViewController(suggestions: HitsSearcher, multiSearcher: MultiSearcher) -> [WidgetConnector] {
    let viewController = QuerySuggestionsViewController(style: .plain)
    viewController.isHighlightingInverted = true
    viewController.didSelect = { hit in _ = hit.object.query }
    return [
      HitsConnector<Hit<QuerySuggestion>>(searcher: suggestions, controller: viewController),
      SearchBoxConnector(searcher: multiSearcher, controller: viewController),
    ]
  }

  /// Hits in a grid: a collection view controller generic over a cell configurator.
  static func hitsGrid(searcher: HitsSearcher) -> HitsConnector<Hit<ShopItem>> {
    let grid = HitsCollectionViewController<ShopItemTile>(collectionViewLayout: UICollectionViewFlowLayout())
    return HitsConnector<Hit<ShopItem>>(searcher: searcher, controller: grid)
  }

  /// Multi-index hits in a collection: a section per index of a multi-searcher.
  static func multiIndexGrid(multiSearcher: MultiSearcher) -> MultiIndexHitsConnector {
    let grid = MultiIndexHitsCollectionController(
      collectionView: UICollectionView(frame: .zero, collectionViewLayout: UICollectionViewFlowLayout()))
    grid.onSelect = { hit, _ in _ = hit.objectID }
    return MultiIndexHitsConnector(searcher: multiSearcher, controller: grid)
  }

  /// Filter Toggle: the connector with InstantSearch iOS 8's `operator:` label and a switch.
  static func filterToggle(filterState: FilterState) -> FilterToggleConnector<Filter.Tag> {
    let freeShipping: FilterSwitchController<Filter.Tag> = .init(switch: UISwitch())
    let connector = FilterToggleConnector(
      filterState: filterState, filter: "free shipping" as Filter.Tag, isSelected: true, operator: .or,
      groupName: "shipping", controller: freeShipping)
    connector.interactor.connectController(FilterSwitchController<Filter.Tag>(switch: UISwitch()))
    return connector
  }

  /// Stats: the connector and the interactor with a label controller and the default presenter.
  static func stats(searcher: HitsSearcher) -> StatsConnector {
    let label = LabelStatsController(label: UILabel())
    let interactor = StatsInteractor()
    interactor.connectSearcher(searcher)
    interactor.connectController(label, presenter: DefaultPresenter.Stats.present)
    return StatsConnector(searcher: searcher, controller: label, presenter: DefaultPresenter.Stats.presentSorted)
  }

  /// Hierarchical Menu: generic over the view as the showcase writes it, with the named presenter.
  static func hierarchical<Controller: HierarchicalController>(
    searcher: HitsSearcher, filterState: FilterState, controller: Controller
  ) -> HierarchicalConnector where Controller.Item == [HierarchicalFacet] {
    HierarchicalConnector(
      searcher: searcher, filterState: filterState, hierarchicalAttributes: ["category.lvl0", "category.lvl1"],
      separator: " > ", controller: controller, presenter: DefaultPresenter.Hierarchical.present)
  }

  /// Hierarchical Menu, step by step: the interactor with InstantSearch iOS's labels, a table controller,
  /// and the anchor's presenter function ported as `arrange`.
  static func hierarchicalByHand(searcher: HitsSearcher, filterState: FilterState) -> HierarchicalInteractor {
    let levels: [Attribute] = ["catalog.lvl0", "catalog.lvl1", "catalog.lvl2"]
    let interactor: HierarchicalInteractor = .init(hierarchicalAttributes: levels, separator: " / ")
    searcher.connectFilterState(filterState)
    interactor.connectSearcher(searcher: searcher)
    interactor.connectFilterState(filterState)
    let selectedFirst = HierarchicalPresenter { rows in rows.filter(\.isSelected) + rows.filter { !$0.isSelected } }
    interactor.connectController(HierarchicalTableViewController(tableView: UITableView()), presenter: selectedFirst)
    return interactor
  }

  /// Query Suggestions guide: one search box over a multi-searcher, suggestions decoded as `QuerySuggestion`.
  static func querySuggestions<Suggestions: HitsController & SearchBoxController>(
    suggestionsView: Suggestions
  ) -> (MultiSearcher, QueryInputConnector, HitsConnector<QuerySuggestion>)
  where Suggestions.Record == QuerySuggestion {
    let searcher = MultiSearcher(appID: "YourApplicationID", apiKey: "YourSearchOnlyAPIKey")
    let suggestions = searcher.addHitsSearcher(indexName: "products_query_suggestions")
    _ = searcher.addHitsSearcher(indexName: "products")
    let hits = HitsConnector(
      searcher: suggestions, interactor: .init(infiniteScrolling: .off), controller: suggestionsView)
    let queryInput = QueryInputConnector(searcher: searcher, controller: suggestionsView)
    queryInput.connectController(suggestionsView)
    return (searcher, queryInput, hits)
  }

  /// Search Box: a search bar controller through the connector; a text field controller through the
  /// interactor.
  static func searchBox(searcher: HitsSearcher) -> SearchBoxConnector {
    let searchBar = UISearchBar()
    let interactor = SearchBoxInteractor()
    interactor.connectSearcher(searcher, searchTriggeringMode: .searchOnSubmit)
    interactor.connectController(TextFieldController(searchBar: searchBar))
    interactor.connectController(TextFieldController(textField: UITextField()))
    let searchBarController: SearchBarController = .init(searchBar: UISearchBar())
    return SearchBoxConnector(
      searcher: searcher, searchTriggeringMode: .searchAsYouType, controller: searchBarController)
  }

  /// Loading: an activity indicator through the connector and the interactor.
  static func loading(searcher: HitsSearcher) -> LoadingConnector {
    let indicator: ActivityIndicatorController = .init(activityIndicator: UIActivityIndicatorView())
    let interactor = LoadingInteractor()
    interactor.connectSearcher(searcher)
    interactor.connectController(indicator)
    return LoadingConnector(searcher: searcher, controller: indicator)
  }

  /// Current Filters: one group's filters in a table, through the connector's interactor.
  static func currentFilters(filterState: FilterState) -> CurrentFiltersConnector {
    let connector = CurrentFiltersConnector(filterState: filterState, groupIDs: [.and(name: "brand")])
    connector.interactor.connectController(CurrentFilterListTableController(tableView: UITableView()))
    let interactor = CurrentFiltersInteractor()
    _ = interactor.connectFilterState(filterState, filterGroupID: .or(name: "color", filterType: .facet))
    return connector
  }

  /// Clear Filters: the connector with InstantSearch iOS's argument order, a button through the interactor.
  static func clearFilters(filterState: FilterState) -> FilterClearConnector {
    let connector = FilterClearConnector(
      filterState: filterState, clearMode: .except, filterGroupIDs: [.and(name: "stock")])
    connector.interactor.connectController(FilterClearButtonController(button: UIButton()))
    let interactor = FilterClearInteractor()
    interactor.connectFilterState(
      filterState, filterGroupIDs: [.or(name: "size", filterType: .facet)], clearMode: .specified)
    interactor.connectController(FilterClearButtonController(button: UIButton()))
    return connector
  }

  /// Sort By: an action sheet of the app's own, filled with the indices.
  static func sortBy(searcher: HitsSearcher) -> SortByConnector {
    let sheet = UIAlertController(title: "Sort", message: "Choose an order", preferredStyle: .actionSheet)
    let selectIndex: SelectIndexController = .init(alertController: sheet)
    let interactor = SortByInteractor(items: [0: "books", 1: "books_year_asc"])
    interactor.connectController(selectIndex) { name in name == "books" ? "Relevance" : "Year" }
    return SortByConnector(
      searcher: searcher, indicesNames: ["books", "books_year_asc"], selected: 0, controller: selectIndex
    ) { name in name.hasSuffix("_asc") ? "Oldest first" : "Relevance" }
  }

  /// Query Rule Custom Data: a view controller of the app's own showing the decoded `userData`.
  static func queryRuleCustomData(searcher: HitsSearcher) -> QueryRuleCustomDataConnector<PromoBanner> {
    let promo = PromoViewController()
    let interactor = QueryRuleCustomDataInteractor<PromoBanner>()
    interactor.connectSearcher(searcher)
    interactor.connectController(promo)
    return QueryRuleCustomDataConnector<PromoBanner>(searcher: searcher, controller: promo)
  }

  /// Filter Numeric Range: the connector, the interactor, and a range view of the app's own.
  static func numberRange(searcher: HitsSearcher, filterState: FilterState) -> NumberRangeConnector<Double> {
    let weight: Attribute = "weight"
    let interactor = NumberRangeInteractor<Double>()
    interactor.connectFilterState(filterState, attribute: weight)
    interactor.connectSearcher(searcher, attribute: weight)
    interactor.connectController(TwoThumbRange())
    let connector = NumberRangeConnector<Double>(
      searcher: searcher, filterState: filterState, attribute: "price", interactor: .init(), operator: .and,
      groupName: "price")
    connector.interactor.connectController(TwoThumbRange())
    return connector
  }
}

/// A banner decoded from a query rule's `userData`.
struct PromoBanner: Decodable, Sendable {
  let title: String
}

/// A product of the related-items example.
struct ShopItem: Decodable, Sendable {
  let name: String
  let brand: String
  let categories: [String]
}

/// How a related product fills a table cell.
struct ShopItemCell: TableViewCellConfigurable {
  let item: Hit<ShopItem>
  init(model: Hit<ShopItem>, indexPath: IndexPath) { item = model }
  func configure(_ cell: UITableViewCell) { cell.textLabel?.text = item.object.name }
}

/// How a product fills a grid cell.
struct ShopItemTile: CollectionViewCellConfigurable {
  let item: Hit<ShopItem>
  init(model: Hit<ShopItem>, indexPath: IndexPath) { item = model }
  func configure(_ cell: UICollectionViewCell) { cell.accessibilityLabel = item.object.name }
}

/// How a banner fills a table cell.
struct BannerCell: TableViewCellConfigurable {
  let banner: PromoBanner
  init(model: PromoBanner, indexPath: IndexPath) { banner = model }
  func configure(_ cell: UITableViewCell) { cell.textLabel?.text = banner.title }
}

/// A hits table of the app's own, with a tall first row.
final class BannerTable: HitsTableViewController<BannerCell> {
  override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    indexPath.row == 0 ? 88 : super.tableView(tableView, heightForRowAt: indexPath)
  }
}

/// The app's own view of a banner, as an `ItemController`.
@MainActor
final class PromoViewController: UIViewController, ItemController {
  let label = UILabel()
  func setItem(_ item: PromoBanner?) { label.text = item?.title }
}

/// The app's own range view, written against `NumberRangeController` as the anchor documents it.
@MainActor
final class TwoThumbRange: NumberRangeController {
  var onRangeChanged: ((ClosedRange<Double>) -> Void)?
  private(set) var shown: ClosedRange<Double>?
  func setBounds(_ bounds: ClosedRange<Double>) { setItem(bounds) }
  func setItem(_ item: ClosedRange<Double>) { shown = item }
}
