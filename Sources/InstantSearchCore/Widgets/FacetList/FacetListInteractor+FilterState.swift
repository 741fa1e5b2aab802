extension FacetListInteractor {
  /// Keeps a facet list's selection and a ``FilterState`` in step. The list owns only the facet filters on
  /// its attribute in its group: other filters of the group are never touched.
  @MainActor
  public final class FilterStateConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: FacetListInteractor?
    /// The filter state.
    public private(set) weak var filterState: FilterState?
    /// The attribute.
    public let attribute: Attribute
    /// The group the list writes to.
    public let groupID: FilterGroup.ID
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it.
    public init(
      interactor: FacetListInteractor, filterState: FilterState, attribute: Attribute, operator: RefinementOperator,
      groupName: String? = nil
    ) {
      self.interactor = interactor
      self.filterState = filterState
      self.attribute = attribute
      self.groupID = `operator`.groupID(name: groupName ?? attribute.rawValue, kind: .facet)
    }

    /// Shows the state's current selection at once, and follows every change both ways.
    public func connect() {
      guard token == nil, let interactor, let filterState else { return }
      interactor.selections = ownValues(in: filterState.filters)
      token = filterState.onChange { [weak self] filters in
        guard let self else { return }
        self.interactor?.selections = self.ownValues(in: filters)
      }
      interactor.selectionWriters[ObjectIdentifier(self)] = { [weak self] selections in self?.write(selections) }
      interactor.retain(self)
    }

    /// Stops following the state.
    public func disconnect() {
      token?.cancel()
      token = nil
      interactor?.selectionWriters[ObjectIdentifier(self)] = nil
      interactor?.release(self)
    }

    /// The facet keys of the list's own filters. With single selection, only the first in the state's
    /// order counts as selected (the next selection replaces them all).
    func ownValues(in filters: Filters) -> Set<String> {
      var values = Set<String>()
      let single = interactor?.selectionMode == .single
      for filter in filters.filters(in: groupID) {
        guard case .facet(let facet) = filter, facet.attribute == attribute, !facet.isNegated else { continue }
        values.insert(facet.value.facetKey)
        if single { break }
      }
      return values
    }

    /// Makes the list's own filters match `selections`, in one change.
    func write(_ selections: Set<String>) {
      guard let filterState else { return }
      let attribute = self.attribute
      let groupID = self.groupID
      filterState.update { filters in
        let own = filters.filters(in: groupID).filter { filter in
          guard case .facet(let facet) = filter else { return false }
          return facet.attribute == attribute && !facet.isNegated
        }
        var present = Set<String>()
        for filter in own {
          guard case .facet(let facet) = filter else { continue }
          if selections.contains(facet.value.facetKey) {
            present.insert(facet.value.facetKey)
          } else {
            filters.remove(filter, from: groupID)
          }
        }
        for value in selections.sorted() where !present.contains(value) {
          filters.add(Filter.Facet(attribute: attribute, stringValue: value), to: groupID)
        }
      }
    }
  }

  /// Connects a ``FilterState``: filters set before connecting show as selected at once; clicks write the
  /// list's own filters. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, with attribute: Attribute, operator: RefinementOperator, groupName: String? = nil
  ) -> FilterStateConnection {
    let connection = FilterStateConnection(
      interactor: self, filterState: filterState, attribute: attribute, operator: `operator`, groupName: groupName)
    connection.connect()
    return connection
  }
}
