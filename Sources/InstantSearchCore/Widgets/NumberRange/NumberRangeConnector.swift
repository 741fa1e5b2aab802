/// A numeric range in one call: the interactor connected to a searcher (for the bounds), a filter state
/// and optionally a view. The initial `range` is written to the filter state when it holds no range of
/// this widget; releasing the connector disconnects everything it connected.
@MainActor
public final class NumberRangeConnector<Number: RangeNumber>: WidgetConnector {
  /// The searcher giving the bounds, if any.
  public let searcher: HitsSearcher?
  /// The filter state.
  public let filterState: FilterState
  /// The filtered attribute.
  public let attribute: Attribute
  /// The logic.
  public let interactor: NumberRangeInteractor<Number>
  /// The connection taking the bounds from the searcher's results, if there is a searcher.
  public let searcherConnection: WidgetConnection?
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a range whose bounds come from the searcher's results unless given.
  ///
  /// - Parameters:
  ///   - searcher: the searcher whose results' statistics give the bounds.
  ///   - filterState: where the range becomes a filter.
  ///   - attribute: the numeric attribute.
  ///   - interactor: the logic; `bounds` and `range`, when given, are set on it before connecting.
  ///   - bounds: fixed bounds; `nil` takes them from the results' statistics.
  ///   - range: the initial range, written to the filter state unless it already holds one.
  ///   - operator: `.and` (default) for a conjunctive group, `.or` for a disjunctive one.
  ///   - groupName: the group's name; the attribute's name by default.
  ///   - controller: the view, if any.
  public convenience init(
    searcher: HitsSearcher, filterState: FilterState, attribute: Attribute,
    interactor: NumberRangeInteractor<Number> = .init(), bounds: ClosedRange<Number>? = nil,
    range: ClosedRange<Number>? = nil, operator: RefinementOperator = .and, groupName: String? = nil,
    controller: (any NumberRangeController<Number>)? = nil
  ) {
    self.init(
      optionalSearcher: searcher, filterState: filterState, attribute: attribute, interactor: interactor,
      bounds: bounds, range: range, operator: `operator`, groupName: groupName, controller: controller)
  }

  /// Creates and connects a range without a searcher: the bounds are only the ones given.
  public convenience init(
    filterState: FilterState, attribute: Attribute, interactor: NumberRangeInteractor<Number> = .init(),
    bounds: ClosedRange<Number>? = nil, range: ClosedRange<Number>? = nil, operator: RefinementOperator = .and,
    groupName: String? = nil, controller: (any NumberRangeController<Number>)? = nil
  ) {
    self.init(
      optionalSearcher: nil, filterState: filterState, attribute: attribute, interactor: interactor,
      bounds: bounds, range: range, operator: `operator`, groupName: groupName, controller: controller)
  }

  private init(
    optionalSearcher searcher: HitsSearcher?, filterState: FilterState, attribute: Attribute,
    interactor: NumberRangeInteractor<Number>, bounds: ClosedRange<Number>?, range: ClosedRange<Number>?,
    operator: RefinementOperator, groupName: String?, controller: (any NumberRangeController<Number>)?
  ) {
    self.searcher = searcher
    self.filterState = filterState
    self.attribute = attribute
    self.interactor = interactor
    if let bounds { interactor.developerBounds = bounds }
    if let range { interactor.item = range }
    searcherConnection = searcher.map { interactor.connectSearcher($0, attribute: attribute) }
    filterStateConnection = interactor.connectFilterState(
      filterState, attribute: attribute, operator: `operator`, groupName: groupName)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [searcherConnection, filterStateConnection, controllerConnection])
  }
}
