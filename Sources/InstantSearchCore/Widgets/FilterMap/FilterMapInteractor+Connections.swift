extension FilterMapInteractor {
  /// Adds the attribute to the searcher's facets for as long as the connection lasts. The interactor keeps
  /// the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher, attribute: Attribute) -> WidgetConnection {
    makeConnection { [weak searcher] _ in
      guard let searcher else { return nil }
      return [searcher.requestFacet(attribute)]
    }
  }

  /// Keeps the selected key and a filter state in step: at most one of the map's filters is in the group
  /// (`groupName ?? attribute`); other filters of the group are never touched. The state's selection
  /// wins at connect; when it holds none of the map's filters, the initial selection is written to it. The
  /// interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, attribute: Attribute, operator: RefinementOperator, groupName: String? = nil
  ) -> WidgetConnection {
    let kind = items.values.first?.kind ?? .facet
    let groupID = `operator`.groupID(name: groupName ?? attribute.rawValue, kind: kind)
    return makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      if let key = interactor.selectedKey(in: filterState.filters, groupID: groupID) {
        interactor.update { $0.selected = key }
      } else if let key = interactor.selected {
        interactor.write(key, to: filterState, groupID: groupID)
      }
      return [
        filterState.onChange { [weak interactor] filters in
          guard let interactor else { return }
          interactor.update { $0.selected = $0.selectedKey(in: filters, groupID: groupID) }
        },
        interactor.selectionRequests.add { [weak interactor, weak filterState] key in
          guard let filterState else { return }
          interactor?.write(key, to: filterState, groupID: groupID)
        },
      ]
    }
  }

  /// Connects a view: shows the items through `presenter` and the selection, now and after each change;
  /// clicks select. The interactor keeps the connection.
  @discardableResult
  public func connectController(
    _ controller: some SelectableSegmentController,
    presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present
  ) -> WidgetConnection {
    connectSegments(controller, titles: items.mapValues { presenter($0.eraseToFilter()) })
  }

  /// The smallest key whose filter is in the group.
  func selectedKey(in filters: Filters, groupID: FilterGroup.ID) -> Int? {
    items.sorted { $0.key < $1.key }.first { filters.contains($0.value, in: groupID) }?.key
  }

  /// Puts the filter of `key` in the group (none for `nil`), removing the map's other filters, in one
  /// change.
  func write(_ key: Int?, to filterState: FilterState, groupID: FilterGroup.ID) {
    let chosen = key.flatMap { items[$0] }
    guard key == nil || chosen != nil else { return }
    let others = items.filter { $0.key != key }.map(\.value)
    filterState.update { filters in
      for other in others { filters.remove(other, from: groupID) }
      if let chosen { filters.add(chosen, to: groupID) }
    }
  }
}
