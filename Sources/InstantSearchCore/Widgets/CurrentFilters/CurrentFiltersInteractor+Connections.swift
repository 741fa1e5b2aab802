extension CurrentFiltersInteractor {
  /// Connects a filter state, showing one group. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState, filterGroupID: FilterGroup.ID) -> WidgetConnection {
    connectFilterState(filterState, filterGroupIDs: [filterGroupID])
  }

  /// Connects a filter state: shows its filters in `filterGroupIDs` (all groups when `nil`) at once and
  /// after every change; a removal removes exactly that filter from exactly its group. The interactor keeps
  /// the connection.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState, filterGroupIDs: Set<FilterGroup.ID>? = nil)
    -> WidgetConnection
  {
    makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      interactor.update { $0.items = Self.items(of: filterState.filters, in: filterGroupIDs) }
      return [
        filterState.onChange { [weak interactor] filters in
          interactor?.update { $0.items = Self.items(of: filters, in: filterGroupIDs) }
        },
        interactor.removalRequests.add { [weak filterState] item in
          filterState?.remove(item.filter, fromGroupWithID: item.id)
        },
      ]
    }
  }

  /// Connects a view: shows the items through `presenter` now and after each change; its removal requests
  /// remove the filter. The interactor keeps the connection.
  @discardableResult
  public func connectController(
    _ controller: some CurrentFiltersController,
    presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present
  ) -> WidgetConnection {
    connectView(
      attach: { interactor in
        controller.onRemoveItem = { [weak interactor] item in interactor?.remove(item) }
      },
      detach: { controller.onRemoveItem = nil },
      show: { interactor in
        controller.setItems(
          interactor.items.map { FilterAndID(filter: $0.filter, id: $0.id, text: presenter($0.filter)) })
        controller.reload()
      })
  }

  /// The filters of `groupIDs` (all groups when `nil`), in the state's order.
  static func items(of filters: Filters, in groupIDs: Set<FilterGroup.ID>?) -> [FilterAndID] {
    filters.toFilterGroups().filter { groupIDs?.contains($0.id) ?? true }.flatMap { group in
      group.filters.map { FilterAndID(filter: $0, id: group.id) }
    }
  }
}
