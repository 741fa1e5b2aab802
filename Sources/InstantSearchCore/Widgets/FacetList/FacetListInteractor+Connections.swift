extension FacetListInteractor {
  /// Algolia's default `maxValuesPerFacet`, assumed when the request does not set one.
  static let defaultMaxValues = 100

  /// Connects a searcher: the request asks for the facet values of `attribute` and the list shows those of
  /// each result (and of the latest one). When a connected view may show more values than the request
  /// returns, the request's `maxValuesPerFacet` is raised (never lowered; at most 1,000, Algolia's
  /// maximum). The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher, with attribute: Attribute) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      let facet = searcher.requestFacet(attribute)
      let take = { @MainActor [weak interactor, weak searcher] (response: SearchResponse) in
        guard let interactor, let searcher else { return }
        let facets = response.facets(for: attribute)
        interactor.takeResults(
          facets, isTruncated: facets.count >= (searcher.request.maxValuesPerFacet ?? Self.defaultMaxValues),
          areCountsExhaustive: response.isFacetCountExhaustive(for: attribute))
      }
      let raiseMaxValues = { @MainActor [weak interactor, weak searcher] in
        guard let interactor, let searcher else { return }
        let needed = min(interactor.valuesNeeded, 1_000)
        guard needed > (searcher.request.maxValuesPerFacet ?? Self.defaultMaxValues) else { return }
        searcher.request.maxValuesPerFacet = needed
      }
      let tokens = [facet, searcher.followResults(take), interactor.onChange(raiseMaxValues)]
      raiseMaxValues()
      return tokens
    }
  }

  /// Connects a facet searcher: the list shows the values it finds (with their highlighted text), for a
  /// list the user types into. Use an interactor of its own: one connected to a ``HitsSearcher`` as well
  /// would show whichever answered last. Selection works as in any facet list, through the filter state.
  /// The interactor keeps the connection.
  @discardableResult
  public func connectFacetSearcher(_ facetSearcher: FacetSearcher) -> WidgetConnection {
    makeConnection { [weak facetSearcher] interactor in
      guard let facetSearcher else { return nil }
      if let latest = facetSearcher.latestResponse { interactor.update { $0.items = latest.facetHits } }
      return [
        facetSearcher.onResults { [weak interactor] response in
          interactor?.update { $0.items = response.facetHits }
        }
      ]
    }
  }

  /// Connects a ``FilterState``: the list owns only the facet filters on `attribute` in its group
  /// (`groupName ?? attribute`); other filters of the group are never touched. Filters set before
  /// connecting show as selected at once; clicks write the list's own filters. The interactor keeps the
  /// connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, with attribute: Attribute, operator: RefinementOperator, groupName: String? = nil
  ) -> WidgetConnection {
    let own = OwnFacets(
      attribute: attribute, groupID: `operator`.groupID(name: groupName ?? attribute.rawValue, kind: .facet),
      single: selectionMode == .single)
    return makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      interactor.update { $0.selections = own.values(in: filterState.filters) }
      return [
        filterState.onChange { [weak interactor] filters in
          interactor?.update { $0.selections = own.values(in: filters) }
        },
        interactor.selectionRequests.add { [weak filterState] selections in
          guard let filterState else { return }
          own.write(selections, to: filterState)
        },
      ]
    }
  }

  /// Connects a view, optionally through a presenter (without one, values come by decreasing count, then
  /// by value, all of them): it shows the values with their selection now and after each change; clicks
  /// toggle. A selected value missing from the results is shown with a count of 0, so it can always be
  /// unselected (unless ``persistentSelection`` is off). A view that also has a "show more" control gets its state and reports its taps; the
  /// interactor learns how many values the presenter may show (see ``valuesNeeded``). The interactor keeps
  /// the connection.
  @discardableResult
  public func connectController(
    _ controller: some FacetListController, with presenter: FacetListPresenter? = nil
  ) -> WidgetConnection {
    let presenter = presenter ?? FacetListPresenter(limit: Int.max)
    let showMore = controller as? any FacetListShowMoreController
    return makeConnection { interactor in
      controller.onClick = { [weak interactor] facet in interactor?.toggle(facet.value) }
      showMore?.onToggleShowMore = { [weak interactor] in interactor?.toggleShowMore() }
      let needed = presenter.showMoreLimit.map { max($0, presenter.limit) } ?? presenter.limit
      if needed < Int.max { interactor.update { $0.valuesNeeded = max($0.valuesNeeded, needed) } }
      let show = { @MainActor [weak interactor] in
        guard let interactor else { return }
        let all = Self.items(
          interactor.items, selections: interactor.selections, persistent: interactor.persistentSelection)
        controller.setSelectableItems(
          selectableItems: presenter.present(all, isShowingMore: interactor.isShowingMore))
        showMore?.setShowMore(
          isShowingMore: interactor.isShowingMore,
          canToggle: presenter.canToggleShowMore(all, isTruncated: interactor.isTruncated))
        controller.reload()
      }
      let token = interactor.onChange(show)
      show()
      return [
        .undoing {
          controller.onClick = nil
          showMore?.onToggleShowMore = nil
        },
        token,
      ]
    }
  }

  /// The values with their selection, all of them: selected values missing from `facets` are added with a
  /// count of 0 when `persistent`.
  static func items(_ facets: [Facet], selections: Set<String>, persistent: Bool) -> [SelectableItem<Facet>] {
    var items = facets.map { SelectableItem(item: $0, isSelected: selections.contains($0.value)) }
    guard persistent else { return items }
    let shown = Set(facets.map(\.value))
    for value in selections.sorted() where !shown.contains(value) {
      items.append(SelectableItem(item: Facet(value: value, count: 0), isSelected: true))
    }
    return items
  }
}
