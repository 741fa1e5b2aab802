import InstantSearchCore

/// The showcase screen: an e-commerce search built only from the library's widgets and the terminal
/// controllers. It is wiring only — every behaviour comes from the widgets.
@MainActor
public final class ShowcaseApp {
  /// The searcher every widget shares.
  public let searcher: HitsSearcher
  /// The filters every widget shares.
  public let filterState = FilterState()
  /// The search field.
  public let searchBox = TerminalSearchBox()
  /// The minimum rating, as stars (a `>=` comparison).
  public let rating = TerminalRating()
  /// The "free shipping" toggle.
  public let freeShipping = TerminalToggle<Filter.Facet>(title: "Free shipping")
  /// The category tree (hierarchical menu).
  public let categories = TerminalHierarchicalMenu(title: "Category", levels: 2)
  /// The brand list (OR, multiple, refined first then by count, 10 values).
  public let brands = TerminalFacetList(title: "Brand")
  /// Features and colors, in the order the index's `renderingContent` sets (dynamic facet list).
  public let moreFilters = TerminalDynamicFacetList(
    title: "More filters", valuesPerAttribute: 4,
    excludedAttributes: ["brand", "categories.lvl0", "categories.lvl1", "categories.lvl2", "price", "rating"])
  /// The price slider.
  public let price = TerminalRangeSlider(title: "Price")
  /// The hits (a page at a time, each with a snippet of its description) and the stats line.
  public let hits = TerminalHitsList(snippetAttribute: "description")
  /// The page links under the hits.
  public let pagination = TerminalPagination()
  /// The category path above the filters, to go back up the tree.
  public let breadcrumb = TerminalBreadcrumb()
  /// The sort order: the index searched among the primary and its replicas.
  public let sortBy = TerminalSegmentedControl(title: "Sort")
  /// Query suggestions under the search box (with a suggestions searcher).
  public let suggestions = TerminalQuerySuggestions()
  /// The suggestions searcher, a sibling of ``searcher`` in one multi-searcher, if any.
  public let suggestionsSearcher: HitsSearcher?
  /// The multi-searcher the two searchers belong to, kept for as long as the app.
  public let multiSearcher: MultiSearcher?
  /// Whether the keys go to the suggestions (Down from the search box; Up from the first one, Tab or a
  /// pick goes back).
  public private(set) var isInSuggestions = false
  /// The current filters.
  public let currentFilters = TerminalCurrentFilters()
  /// The clear-all button.
  public let clearButton = TerminalClearButton()
  /// The loading indicator in the title bar.
  public let loading = TerminalLoadingIndicator()
  /// The banner a query rule shows (type "sale"), in the title bar.
  public let banner = TerminalBanner()
  /// The panel the keys go to, as an index in the focus order.
  public private(set) var focus = 0

  private var connectors: [AnyObject] = []

  /// Wires the widgets to `searcher` (whose index holds the showcase catalog or the same attributes);
  /// `sortIndices` are the indices the sort control switches between, with their titles (none: the
  /// control stays empty).
  /// With `suggestionsSearcher` (a sibling of `searcher` in `multiSearcher`, searching a query
  /// suggestions index), suggestions show under the search box as the query is typed.
  public init(
    searcher: HitsSearcher, suggestionsSearcher: HitsSearcher? = nil, multiSearcher: MultiSearcher? = nil,
    sortIndices: [(name: String, title: String)] = ShowcaseCatalog.sortIndices
  ) {
    self.searcher = searcher
    self.suggestionsSearcher = suggestionsSearcher
    self.multiSearcher = multiSearcher
    searcher.connectFilterState(filterState)
    for attribute: Attribute in ["features", "color"] { searcher.addRequestedFacet(attribute) }
    // A dozen words of the description around the matches, under each hit.
    searcher.request.attributesToSnippet = ["description:12"]
    let categoryConnector = HierarchicalConnector(
      searcher: searcher, filterState: filterState, hierarchicalAttributes: ["categories.lvl0", "categories.lvl1"],
      separator: " > ", controller: categories)
    let statsInteractor = StatsInteractor()
    statsInteractor.connectSearcher(searcher)
    statsInteractor.connectController(hits)
    connectors = [
      SearchBoxConnector(searcher: searcher, controller: searchBox),
      FilterComparisonConnector<Int>(
        searcher: searcher, filterState: filterState, attribute: "rating", numericOperator: .greaterThanOrEqual,
        controller: rating),
      FilterToggleConnector(
        filterState: filterState, filter: Filter.Facet(attribute: "freeShipping", boolValue: true),
        controller: freeShipping),
      categoryConnector,
      BreadcrumbConnector(hierarchicalConnector: categoryConnector, controller: breadcrumb),
      FacetListConnector(
        searcher: searcher, filterState: filterState, attribute: "brand", selectionMode: .multiple,
        operator: .or, controller: brands,
        presenter: FacetListPresenter(sortBy: [.isRefined, .count(order: .descending)], limit: 10, showMoreLimit: 30)),
      DynamicFacetListConnector(
        searcher: searcher, filterState: filterState,
        filterGroupForAttribute: ["features": ("features", .and), "color": ("color", .or)], controller: moreFilters),
      NumberRangeConnector<Double>(searcher: searcher, filterState: filterState, attribute: "price", controller: price),
      CurrentFiltersConnector(
        filterState: filterState, controller: currentFilters, presenter: ShowcaseCatalog.chipText),
      FilterClearConnector(filterState: filterState, controller: clearButton),
      HitsConnector<SearchHit>(
        searcher: searcher, interactor: .init(infiniteScrolling: .off), filterState: filterState, controller: hits),
      PaginationConnector(searcher: searcher, controller: pagination),
      LoadingConnector(searcher: searcher, controller: loading),
      QueryRuleCustomDataConnector<ShowcaseCatalog.Banner>(searcher: searcher, controller: banner) { $0?.title },
      statsInteractor,
    ]
    if let suggestionsSearcher {
      connectors.append(
        QuerySuggestionsConnector(
          suggestionsSearcher: suggestionsSearcher, querySearcher: searcher, controller: suggestions))
    }
    if !sortIndices.isEmpty {
      let titles = Dictionary(sortIndices.map { ($0.name, $0.title) }, uniquingKeysWith: { first, _ in first })
      connectors.append(
        SortByConnector(
          searcher: searcher, indicesNames: sortIndices.map(\.name), controller: sortBy,
          presenter: { titles[$0] ?? $0 }))
    }
  }

  /// The panels in focus order.
  var panels: [any TerminalPanel] {
    [
      searchBox, rating, freeShipping, categories, brands, moreFilters, price, hits, currentFilters, sortBy,
      pagination, breadcrumb, clearButton,
    ]
  }

  /// Whether the suggestions drop-down shows: the search box (or the list) has the keys, the query is not
  /// empty and there are suggestions.
  var showsSuggestions: Bool {
    (focus == 0 || isInSuggestions) && !(searcher.query ?? "").isEmpty && !suggestions.suggestions.isEmpty
  }

  /// Handles a key. Returns `false` when the showcase should quit.
  public func handle(_ key: KeyEvent) -> Bool {
    if isInSuggestions {
      switch key {
      case .escape, .tab, .backTab: isInSuggestions = false
      case .up where suggestions.isAtTop: isInSuggestions = false
      case .enter, .space:
        _ = suggestions.handle(key)
        isInSuggestions = false
      default: _ = suggestions.handle(key)
      }
      return true
    }
    if key == .down, focus == 0, showsSuggestions {
      isInSuggestions = true
      return true
    }
    switch key {
    case .escape, .interrupt: return false
    case .character("q") where focus != 0: return false
    case .tab: focus = (focus + 1) % panels.count
    case .backTab: focus = (focus + panels.count - 1) % panels.count
    default: _ = panels[focus].handle(key)
    }
    return true
  }

  /// Searches with the current state (the first search).
  public func start() {
    searcher.search()
  }

  /// Waits until the searches sent so far (the suggestions' too) are answered.
  public func waitForResults() async {
    await searcher.waitForResults()
    await suggestionsSearcher?.waitForResults()
  }
}
