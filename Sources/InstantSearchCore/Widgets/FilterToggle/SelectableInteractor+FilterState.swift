extension SelectableInteractor where Item: FilterType {
  /// Connects a filter state: the toggle owns its filter and, when given, a `default` filter that stands in
  /// the group while the toggle is off (as InstantSearch's "off" value: off can mean "only in stock: no"
  /// rather than "no condition"). Nothing else in the group is ever touched.
  ///
  /// ``isSelected`` is whether the filter is in the group (`groupName ?? attribute`, conjunctive unless
  /// told otherwise). At connect the state wins when it holds the filter or the default; otherwise the
  /// interactor's initial state is written to it. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, operator: RefinementOperator = .and, groupName: String? = nil,
    default defaultFilter: Item? = nil
  ) -> WidgetConnection {
    let on = item.eraseToFilter()
    let off = defaultFilter.map { $0.eraseToFilter() }
    let groupID = `operator`.groupID(name: groupName ?? item.attribute.rawValue, kind: on.kind)
    let own = OwnedFilters(groupID: groupID) { $0 == on || $0 == off }
    let write = { @MainActor (selected: Bool, filterState: FilterState) in
      own.replace(with: selected ? [on] : off.map { [$0] } ?? [], in: filterState)
    }
    return makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      let current = own.filters(in: filterState.filters)
      if current.isEmpty {
        if interactor.isSelected || off != nil { write(interactor.isSelected, filterState) }
      } else {
        interactor.update { $0.isSelected = current.contains(on) }
      }
      return [
        filterState.onChange { [weak interactor] filters in
          interactor?.update { $0.isSelected = own.filters(in: filters).contains(on) }
        },
        interactor.selectionRequests.add { [weak filterState] selected in
          guard let filterState else { return }
          write(selected, filterState)
        },
      ]
    }
  }
}
