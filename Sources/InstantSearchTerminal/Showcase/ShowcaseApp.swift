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
  /// The rating segments.
  public let rating = TerminalSegmentedControl(title: "Rating", noneTitle: "all")
  /// The brand list (OR, multiple, refined first then by count, 10 values).
  public let brands = TerminalFacetList(title: "Brand")
  /// The feature list (AND).
  public let features = TerminalFacetList(title: "Features")
  /// The price slider.
  public let price = TerminalRangeSlider(title: "Price")
  /// The hits and the stats line.
  public let hits = TerminalHitsList()
  /// The current filters.
  public let currentFilters = TerminalCurrentFilters()
  /// The clear-all button.
  public let clearButton = TerminalClearButton()
  /// The panel the keys go to, as an index in the focus order.
  public private(set) var focus = 0

  private var connectors: [AnyObject] = []
  private let ratingMap: FilterMapConnector<Filter.Numeric>

  /// Wires the widgets to `searcher` (whose index holds the showcase catalog or the same attributes).
  public init(searcher: HitsSearcher) {
    self.searcher = searcher
    searcher.connectFilterState(filterState)
    let ratingItems: [Int: Filter.Numeric] = [
      3: Filter.Numeric(attribute: "rating", operator: .greaterThanOrEqual, value: 3),
      4: Filter.Numeric(attribute: "rating", operator: .greaterThanOrEqual, value: 4),
      5: Filter.Numeric(attribute: "rating", operator: .equals, value: 5),
    ]
    ratingMap = FilterMapConnector(
      searcher: searcher, filterState: filterState, items: ratingItems, attribute: "rating", operator: .and,
      controller: rating, presenter: Self.ratingText)
    rating.onSelectNone = { [weak ratingMap] in ratingMap?.interactor.deselect() }
    let statsInteractor = StatsInteractor()
    statsInteractor.connectSearcher(searcher)
    statsInteractor.connectController(hits)
    connectors = [
      SearchBoxConnector(searcher: searcher, controller: searchBox),
      FacetListConnector(
        searcher: searcher, filterState: filterState, attribute: "brand", selectionMode: .multiple,
        operator: .or, controller: brands,
        presenter: FacetListPresenter(sortBy: [.isRefined, .count(order: .descending)], limit: 10, showMoreLimit: 30)),
      FacetListConnector(
        searcher: searcher, filterState: filterState, attribute: "features", operator: .and, controller: features,
        presenter: FacetListPresenter(sortBy: [.isRefined, .count(order: .descending)], limit: 4)),
      NumberRangeConnector<Double>(searcher: searcher, filterState: filterState, attribute: "price", controller: price),
      CurrentFiltersConnector(filterState: filterState, controller: currentFilters),
      FilterClearConnector(filterState: filterState, controller: clearButton),
      HitsConnector<Hit>(searcher: searcher, filterState: filterState, controller: hits),
      statsInteractor,
    ]
  }

  /// The panels in focus order.
  var panels: [any TerminalPanel] {
    [searchBox, rating, brands, features, price, hits, currentFilters, clearButton]
  }

  /// Handles a key. Returns `false` when the showcase should quit.
  public func handle(_ key: KeyEvent) -> Bool {
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

  /// `3+`, `4+`, `5`.
  static func ratingText(_ filter: Filter) -> String {
    guard case .numeric(let numeric) = filter, case .comparison(let op, let value) = numeric.value else {
      return DefaultPresenter.Filter.present(filter)
    }
    return op == .equals ? "\(Int(value))" : "\(Int(value))+"
  }
}
