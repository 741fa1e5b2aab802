extension CurrentFiltersInteractor {
  /// Mirrors the filters of a ``FilterState`` (or of some of its groups) and removes them on request.
  @MainActor
  public final class FilterStateConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: CurrentFiltersInteractor?
    /// The filter state.
    public private(set) weak var filterState: FilterState?
    /// The groups shown; `nil` for all of them.
    public let groupIDs: Set<FilterGroup.ID>?
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: CurrentFiltersInteractor, filterState: FilterState, groupIDs: Set<FilterGroup.ID>? = nil) {
      self.interactor = interactor
      self.filterState = filterState
      self.groupIDs = groupIDs
    }

    /// Shows the current filters at once and follows every change.
    public func connect() {
      guard token == nil, let interactor, let filterState else { return }
      interactor.items = items(of: filterState.filters)
      token = filterState.onChange { [weak self] filters in
        guard let self else { return }
        self.interactor?.items = self.items(of: filters)
      }
      interactor.removers[ObjectIdentifier(self)] = { [weak filterState] item in
        filterState?.remove(item.filter, fromGroupWithID: item.id)
      }
      interactor.retain(self)
    }

    /// Stops following the state.
    public func disconnect() {
      token?.cancel()
      token = nil
      interactor?.removers[ObjectIdentifier(self)] = nil
      interactor?.release(self)
    }

    func items(of filters: Filters) -> [FilterAndID] {
      filters.toFilterGroups().filter { groupIDs?.contains($0.id) ?? true }.flatMap { group in
        group.filters.map { FilterAndID(filter: $0, id: group.id) }
      }
    }
  }

  /// Shows the items in a view through a presenter; removal requests remove the filter.
  @MainActor
  public final class ControllerConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: CurrentFiltersInteractor?
    /// The view.
    public let controller: any CurrentFiltersController
    /// How a filter reads.
    public let presenter: (Filter) -> String
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(
      interactor: CurrentFiltersInteractor, controller: any CurrentFiltersController,
      presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present
    ) {
      self.interactor = interactor
      self.controller = controller
      self.presenter = presenter
    }

    /// Shows the items at once and every change after it.
    public func connect() {
      guard token == nil, let interactor else { return }
      controller.onRemoveItem = { [weak interactor] item in interactor?.remove(item) }
      token = interactor.onChange { [weak self] in self?.show() }
      show()
      interactor.retain(self)
    }

    /// Stops updating the view and detaches its removal requests.
    public func disconnect() {
      token?.cancel()
      token = nil
      controller.onRemoveItem = nil
      interactor?.release(self)
    }

    private func show() {
      guard let interactor else { return }
      controller.setItems(
        interactor.items.map { FilterAndID(filter: $0.filter, id: $0.id, text: presenter($0.filter)) })
      controller.reload()
    }
  }

  /// Connects a filter state, showing one group. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState, filterGroupID: FilterGroup.ID) -> FilterStateConnection {
    connectFilterState(filterState, filterGroupIDs: [filterGroupID])
  }

  /// Connects a filter state, showing `filterGroupIDs` (all groups when `nil`). The interactor keeps the
  /// connection.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState, filterGroupIDs: Set<FilterGroup.ID>? = nil)
    -> FilterStateConnection
  {
    let connection = FilterStateConnection(interactor: self, filterState: filterState, groupIDs: filterGroupIDs)
    connection.connect()
    return connection
  }

  /// Connects a view. The interactor keeps the connection.
  @discardableResult
  public func connectController(
    _ controller: some CurrentFiltersController,
    presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present
  ) -> ControllerConnection {
    let connection = ControllerConnection(interactor: self, controller: controller, presenter: presenter)
    connection.connect()
    return connection
  }
}
