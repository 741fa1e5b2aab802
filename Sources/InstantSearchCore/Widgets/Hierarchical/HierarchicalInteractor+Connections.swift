extension HierarchicalInteractor {
  /// Connects a searcher: the request asks for the facets of every level, the search sends the level
  /// queries of the selected path (see ``HierarchicalFaceting``), and each result (and the latest one)
  /// gives the values of each level. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      let facets = interactor.hierarchicalAttributes.map { searcher.requestFacet($0) }
      let groupID = interactor.groupID
      let register = { @MainActor [weak interactor, weak searcher] in
        guard let interactor, let searcher else { return }
        let faceting = interactor.faceting
        if let index = searcher.hierarchicalFaceting.firstIndex(where: { $0.groupID == groupID }) {
          if searcher.hierarchicalFaceting[index] != faceting { searcher.hierarchicalFaceting[index] = faceting }
        } else {
          searcher.hierarchicalFaceting.append(faceting)
        }
      }
      let take = { @MainActor [weak interactor] (response: SearchResponse) in
        guard let interactor else { return }
        interactor.update { $0.item = $0.hierarchicalAttributes.map { response.facets(for: $0) } }
      }
      register()
      if let latest = searcher.latestResponse { take(latest) }
      return facets + [
        .undoing { [weak searcher] in searcher?.hierarchicalFaceting.removeAll { $0.groupID == groupID } },
        interactor.onChange(register),
        searcher.onResults(take),
      ]
    }
  }

  /// Connects a searcher (InstantSearch iOS's labelled spelling of ``connectSearcher(_:)``).
  @discardableResult
  public func connectSearcher(searcher: HitsSearcher) -> WidgetConnection {
    connectSearcher(searcher)
  }

  /// Connects a filter state: the menu owns its group (a hierarchical group, holding the deepest selected
  /// value), and derives its path from it now and at each change. A click writes the new deepest value
  /// (or empties the group) in one change. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState) -> WidgetConnection {
    let attributes = Set(hierarchicalAttributes)
    let own = OwnedFilters(groupID: groupID) {
      guard case .facet(let facet) = $0 else { return false }
      return attributes.contains(facet.attribute)
    }
    let levels = hierarchicalAttributes
    let write = { @MainActor (path: [String], filterState: FilterState) in
      guard let leaf = path.last, path.count <= levels.count else {
        own.replace(with: [], in: filterState)
        return
      }
      own.replace(with: [.facet(Filter.Facet(attribute: levels[path.count - 1], stringValue: leaf))], in: filterState)
    }
    return makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      interactor.update { $0.selections = $0.path(in: filterState.filters) }
      return [
        filterState.onChange { [weak interactor] filters in
          interactor?.update { $0.selections = $0.path(in: filters) }
        },
        interactor.selectionRequests.add { [weak interactor, weak filterState] path in
          guard let filterState else { return }
          // The path is known before the state answers: keep it, so the state's leaf resolves to it.
          interactor?.update { $0.selections = path }
          write(path, filterState)
        },
      ]
    }
  }

  /// Connects a view: it gets the rows through `presenter` now and after each change; its clicks select.
  /// The interactor keeps the connection.
  @discardableResult
  public func connectController(
    _ controller: some HierarchicalController, presenter: HierarchicalPresenter = HierarchicalPresenter()
  ) -> WidgetConnection {
    connectView(
      attach: { interactor in
        controller.onClick = { [weak interactor] key in interactor?.computeSelection(key: key) }
      },
      detach: { controller.onClick = nil },
      show: { interactor in
        controller.setItem(interactor.rows(presenter: presenter))
      })
  }
}
