extension FilterListInteractor {
  /// Connects a filter state: the list owns its own filters in the group (`groupName`, else the first
  /// filter's attribute), conjunctive or disjunctive; other filters of the group are never touched.
  /// ``selections`` are the list's filters in the group (with single selection, the first in the state's
  /// order). At connect the state wins when it holds any of them; otherwise the initial selection is
  /// written. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, operator: RefinementOperator, groupName: String? = nil
  ) -> WidgetConnection {
    let erased = items.map { $0.eraseToFilter() }
    let owned = Set(erased)
    let name = groupName ?? items.first?.attribute.rawValue ?? ""
    let own = OwnedFilters(groupID: `operator`.groupID(name: name, kind: erased.first?.kind ?? .facet)) {
      owned.contains($0)
    }
    let single = selectionMode == .single
    let selected = { (filters: Filters) -> Set<F> in
      let present = own.filters(in: filters).compactMap(F.init)
      return Set(single ? Array(present.prefix(1)) : present)
    }
    let write = { @MainActor (selections: Set<F>, filterState: FilterState) in
      own.replace(with: erased.filter { F($0).map(selections.contains) ?? false }, in: filterState)
    }
    return makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      let current = selected(filterState.filters)
      if current.isEmpty, !interactor.selections.isEmpty {
        write(interactor.selections, filterState)
      } else {
        interactor.update { $0.selections = current }
      }
      return [
        filterState.onChange { [weak interactor] filters in interactor?.update { $0.selections = selected(filters) } },
        interactor.selectionRequests.add { [weak filterState] selections in
          guard let filterState else { return }
          write(selections, filterState)
        },
      ]
    }
  }

  /// Connects a view: it gets the filters with their selection now and after each change; its clicks
  /// select. The interactor keeps the connection.
  @discardableResult
  public func connectController<Controller: SelectableListController>(_ controller: Controller) -> WidgetConnection
  where Controller.Item == F {
    connectView(
      attach: { interactor in
        controller.onClick = { [weak interactor] filter in interactor?.toggle(filter) }
      },
      detach: { controller.onClick = nil },
      show: { interactor in
        controller.setSelectableItems(selectableItems: interactor.selectableItems)
        controller.reload()
      })
  }
}
