extension FilterMapInteractor {
  /// Keeps the selected key and a ``FilterState`` in step: at most one of the map's filters is in the
  /// group; other filters of the group are never touched.
  @MainActor
  public final class FilterStateConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: FilterMapInteractor<F>?
    /// The filter state.
    public private(set) weak var filterState: FilterState?
    /// The group the map writes to.
    public let groupID: FilterGroup.ID
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(
      interactor: FilterMapInteractor<F>, filterState: FilterState, attribute: Attribute, operator: RefinementOperator,
      groupName: String? = nil
    ) {
      self.interactor = interactor
      self.filterState = filterState
      let kind = interactor.items.values.first?.kind ?? .facet
      self.groupID = `operator`.groupID(name: groupName ?? attribute.rawValue, kind: kind)
    }

    /// Selects what the state holds; when it holds none of the map's filters, writes the initial
    /// selection to it. Then follows every change both ways.
    public func connect() {
      guard token == nil, let interactor, let filterState else { return }
      if let key = selectedKey(in: filterState.filters) {
        interactor.selected = key
      } else if let key = interactor.selected {
        write(key)
      }
      token = filterState.onChange { [weak self] filters in
        guard let self else { return }
        self.interactor?.selected = self.selectedKey(in: filters)
      }
      interactor.selectors[ObjectIdentifier(self)] = { [weak self] key in self?.write(key) }
      interactor.retain(self)
    }

    /// Stops following the state.
    public func disconnect() {
      token?.cancel()
      token = nil
      interactor?.selectors[ObjectIdentifier(self)] = nil
      interactor?.release(self)
    }

    /// The smallest key whose filter is in the group.
    func selectedKey(in filters: Filters) -> Int? {
      guard let interactor else { return nil }
      return interactor.items.sorted { $0.key < $1.key }.first { filters.contains($0.value, in: groupID) }?.key
    }

    /// Puts the filter of `key` in the group (none for `nil`), removing the map's other filters, in one
    /// change.
    func write(_ key: Int?) {
      guard let interactor, let filterState else { return }
      let chosen = key.flatMap { interactor.items[$0] }
      guard key == nil || chosen != nil else { return }
      let groupID = self.groupID
      let others = interactor.items.filter { $0.key != key }.map(\.value)
      filterState.update { filters in
        for other in others { filters.remove(other, from: groupID) }
        if let chosen { filters.add(chosen, to: groupID) }
      }
    }
  }

  /// Shows the map in a view through a presenter; clicks select.
  @MainActor
  public final class ControllerConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: FilterMapInteractor<F>?
    /// The view.
    public let controller: any SelectableSegmentController
    /// How a filter reads.
    public let presenter: (Filter) -> String
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(
      interactor: FilterMapInteractor<F>, controller: any SelectableSegmentController,
      presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present
    ) {
      self.interactor = interactor
      self.controller = controller
      self.presenter = presenter
    }

    /// Shows the items and the selection at once, and the selection after each change.
    public func connect() {
      guard token == nil, let interactor else { return }
      controller.setItems(items: interactor.items.mapValues { presenter($0.eraseToFilter()) })
      controller.setSelected(interactor.selected)
      controller.onClick = { [weak interactor] key in interactor?.select(key) }
      token = interactor.onChange { [weak self] in
        guard let self, let interactor = self.interactor else { return }
        self.controller.setSelected(interactor.selected)
      }
      interactor.retain(self)
    }

    /// Stops updating the view and detaches its clicks.
    public func disconnect() {
      token?.cancel()
      token = nil
      controller.onClick = nil
      interactor?.release(self)
    }
  }

  /// Adds the attribute to the searcher's facets. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher, attribute: Attribute) -> FacetsConnection {
    let connection = FacetsConnection(searcher: searcher, attribute: attribute)
    connection.connect()
    retain(connection)
    return connection
  }

  /// Connects a filter state. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, attribute: Attribute, operator: RefinementOperator, groupName: String? = nil
  ) -> FilterStateConnection {
    let connection = FilterStateConnection(
      interactor: self, filterState: filterState, attribute: attribute, operator: `operator`, groupName: groupName)
    connection.connect()
    return connection
  }

  /// Connects a view. The interactor keeps the connection.
  @discardableResult
  public func connectController(
    _ controller: some SelectableSegmentController,
    presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present
  ) -> ControllerConnection {
    let connection = ControllerConnection(interactor: self, controller: controller, presenter: presenter)
    connection.connect()
    return connection
  }
}

/// Asks a searcher for the facet values of an attribute for as long as it is connected.
@MainActor
public final class FacetsConnection: Connection {
  /// The searcher.
  public private(set) weak var searcher: HitsSearcher?
  /// The attribute.
  public let attribute: Attribute
  private var added = false

  /// Creates a connection; call ``connect()`` to start it.
  public init(searcher: HitsSearcher, attribute: Attribute) {
    self.searcher = searcher
    self.attribute = attribute
  }

  /// Adds the attribute to the request's facets (without searching).
  public func connect() {
    guard !added, let searcher else { return }
    added = searcher.addRequestedFacet(attribute)
  }

  /// Removes the attribute if this connection added it.
  public func disconnect() {
    guard added else { return }
    searcher?.removeRequestedFacet(attribute)
    added = false
  }

  isolated deinit {
    disconnect()
  }
}
