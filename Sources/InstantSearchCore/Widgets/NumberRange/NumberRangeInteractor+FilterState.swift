extension NumberRangeInteractor {
  /// Keeps the selected range and a ``FilterState`` in step through one `Filter.Numeric` range filter on
  /// the attribute, in group `groupName ?? attribute`. Other filters of the group (other attributes,
  /// comparisons) are never touched.
  @MainActor
  public final class FilterStateConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: NumberRangeInteractor<Number>?
    /// The filter state.
    public private(set) weak var filterState: FilterState?
    /// The filtered attribute.
    public let attribute: Attribute
    /// The group the range is written to.
    public let groupID: FilterGroup.ID
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(
      interactor: NumberRangeInteractor<Number>, filterState: FilterState, attribute: Attribute,
      operator: RefinementOperator = .and, groupName: String? = nil
    ) {
      self.interactor = interactor
      self.filterState = filterState
      self.attribute = attribute
      self.groupID = `operator`.groupID(name: groupName ?? attribute.rawValue, kind: .numeric)
    }

    /// Whether the connection is active.
    public var isConnected: Bool { token != nil }

    /// Shows the range the state holds; when it holds none, writes the interactor's initial range to it.
    /// Then follows every change both ways.
    public func connect() {
      guard token == nil, let interactor, let filterState else { return }
      if let range = range(in: filterState.filters) {
        interactor.item = range
      } else if let initial = interactor.item {
        write(initial)
      }
      token = filterState.onChange { [weak self] filters in
        guard let self else { return }
        self.interactor?.item = self.range(in: filters)
      }
      interactor.writers[ObjectIdentifier(self)] = { [weak self] range in self?.write(range) }
      interactor.retain(self)
    }

    /// Stops following the state. The range filter stays in it.
    public func disconnect() {
      token?.cancel()
      token = nil
      interactor?.writers[ObjectIdentifier(self)] = nil
      interactor?.release(self)
    }

    /// The widget's range filters in the group, in the state's order.
    func ownFilters(in filters: Filters) -> [Filter.Numeric] {
      filters.filters(in: groupID).compactMap { filter in
        guard case .numeric(let numeric) = filter, numeric.attribute == attribute, !numeric.isNegated,
          case .range = numeric.value
        else { return nil }
        return numeric
      }
    }

    /// The first range of the widget in the group, widened to whole numbers for integer types.
    func range(in filters: Filters) -> ClosedRange<Number>? {
      guard let first = ownFilters(in: filters).first, case .range(let range) = first.value else { return nil }
      let lower = Number.lowerBound(from: range.lowerBound)
      let upper = Number.upperBound(from: range.upperBound)
      return lower...max(lower, upper)
    }

    /// Replaces the widget's range filters with `range` (or removes them for `nil`), in one change.
    func write(_ range: ClosedRange<Number>?) {
      guard let filterState else { return }
      let previous = ownFilters(in: filterState.filters)
      let groupID = self.groupID
      let next = range.map {
        Filter.Numeric(attribute: attribute, range: $0.lowerBound.doubleValue...$0.upperBound.doubleValue)
      }
      filterState.update { filters in
        for filter in previous where filter != next { filters.remove(filter, from: groupID) }
        if let next { filters.add(next, to: groupID) }
      }
    }
  }

  /// Connects a filter state (a conjunctive group named after the attribute unless told otherwise). The
  /// interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, attribute: Attribute, operator: RefinementOperator = .and, groupName: String? = nil
  ) -> FilterStateConnection {
    let connection = FilterStateConnection(
      interactor: self, filterState: filterState, attribute: attribute, operator: `operator`, groupName: groupName)
    connection.connect()
    return connection
  }
}
