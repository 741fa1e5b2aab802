extension FilterListInteractor {
  /// Connects a filter state: the list owns its own filters in the group (`groupName`, else the first
  /// filter's attribute), conjunctive or disjunctive; other filters of the group are never touched.
  /// ``selections`` are the list's filters in the group (with single selection, the first in the state's
  /// order). At connect the state wins when it holds any of them; otherwise the initial selection is
  /// written. Which filters the list owns follows ``items``: set them later and the selection is read
  /// again from the state. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, operator: RefinementOperator, groupName: String? = nil
  ) -> WidgetConnection {
    let single = selectionMode == .single
    let ownership = { @MainActor (items: [F]) -> (own: OwnedFilters, erased: [Filter]) in
      let erased = items.map { $0.eraseToFilter() }
      let owned = Set(erased)
      let name = groupName ?? items.first?.attribute.rawValue ?? ""
      let groupID = `operator`.groupID(name: name, kind: erased.first?.kind ?? .facet)
      return (OwnedFilters(groupID: groupID) { owned.contains($0) }, erased)
    }
    let selected = { @MainActor (items: [F], filters: Filters) -> Set<F> in
      let present = ownership(items).own.filters(in: filters).compactMap(F.init)
      return Set(single ? Array(present.prefix(1)) : present)
    }
    return makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      let current = selected(interactor.items, filterState.filters)
      if current.isEmpty, !interactor.selections.isEmpty {
        Self.write(interactor.selections, of: interactor.items, to: filterState, ownership: ownership)
      } else {
        interactor.update { $0.selections = current }
      }
      interactor.selectionsOfItems = { [weak filterState] items in
        filterState.map { selected(items, $0.filters) }
      }
      return [
        filterState.onChange { [weak interactor] filters in
          interactor?.update { $0.selections = selected($0.items, filters) }
        },
        .undoing { [weak interactor] in interactor?.selectionsOfItems = nil },
        interactor.selectionRequests.add { [weak filterState, weak interactor] selections in
          guard let filterState, let interactor else { return }
          Self.write(selections, of: interactor.items, to: filterState, ownership: ownership)
        },
      ]
    }
  }

  /// Replaces the list's own filters in `filterState` by those of `items` in `selections`.
  private static func write(
    _ selections: Set<F>, of items: [F], to filterState: FilterState,
    ownership: @MainActor ([F]) -> (own: OwnedFilters, erased: [Filter])
  ) {
    let (own, erased) = ownership(items)
    own.replace(with: erased.filter { F($0).map(selections.contains) ?? false }, in: filterState)
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
