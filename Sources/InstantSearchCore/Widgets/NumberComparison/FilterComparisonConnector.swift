/// A numeric comparison in one call (`price >= 20`, `rating >= 4`): the interactor connected to a filter
/// state, optionally to a searcher (bounds from the results' statistics) and a view.
///
/// ```swift
/// let connector = FilterComparisonConnector<Int>(
///   searcher: searcher, filterState: filterState, attribute: "price", numericOperator: .greaterThanOrEqual,
///   number: 20, operator: .and, controller: stepperController)
/// ```
@MainActor
public final class FilterComparisonConnector<Number: RangeNumber>: WidgetConnector {
  /// The logic.
  public let interactor: NumberInteractor<Number>
  /// The filter state.
  public let filterState: FilterState
  /// The compared attribute.
  public let attribute: Attribute
  /// The comparison operator.
  public let numericOperator: Filter.Numeric.Operator
  /// How the filter combines with the other filters of its group.
  public let `operator`: RefinementOperator
  /// The group's name.
  public let groupName: String
  /// The connection to the searcher, if any.
  public let searcherConnection: WidgetConnection?
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a comparison.
  ///
  /// - Parameters:
  ///   - searcher: when given, the bounds come from its results' statistics unless `bounds` are given.
  ///   - filterState: where the comparison becomes a filter.
  ///   - attribute: the numeric attribute compared.
  ///   - numericOperator: the comparison (`>=`, `<` …).
  ///   - number: the initial number, written to the filter state unless it already holds a comparison.
  ///   - bounds: fixed bounds the number is kept within.
  ///   - operator: `.and` (default) for a conjunctive group, `.or` for a disjunctive one.
  ///   - groupName: the group's name; the attribute's name by default.
  ///   - controller: the view, if any.
  public init(
    searcher: HitsSearcher? = nil, filterState: FilterState, attribute: Attribute,
    numericOperator: Filter.Numeric.Operator, number: Number? = nil, bounds: ClosedRange<Number>? = nil,
    operator: RefinementOperator = .and, groupName: String? = nil, controller: (any NumberController<Number>)? = nil
  ) {
    let interactor = NumberInteractor<Number>(item: number, bounds: bounds)
    self.interactor = interactor
    self.filterState = filterState
    self.attribute = attribute
    self.numericOperator = numericOperator
    self.operator = `operator`
    self.groupName = groupName ?? attribute.rawValue
    searcherConnection = searcher.map { interactor.connectSearcher($0, attribute: attribute) }
    filterStateConnection = interactor.connectFilterState(
      filterState, attribute: attribute, numericOperator: numericOperator, operator: `operator`,
      groupName: groupName)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [searcherConnection, filterStateConnection, controllerConnection])
  }

  /// Connects a view (replacing the current one).
  public func connectController(_ controller: some NumberController<Number>) {
    connectNumberController(controller)
  }

  /// Connects a view (replacing the current one), by InstantSearch iOS's name; returns the connection.
  @discardableResult
  public func connectNumberController(_ controller: some NumberController<Number>) -> WidgetConnection {
    let connection = interactor.connectController(controller)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
    return connection
  }
}
