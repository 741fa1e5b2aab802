extension DynamicFacetListInteractor {
  /// Connects a searcher: each result (and the latest one) gives the facets, ordered by its
  /// `SearchResponse.renderingContent`. A selected value missing from the results is kept with a count of
  /// 0, so it can be unselected. Which attributes come back is the request's `facets` (`["*"]` for all).
  /// The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      let take = { @MainActor [weak interactor] (response: SearchResponse) in
        guard let interactor else { return }
        var facets: [Attribute: [Facet]] = [:]
        for (name, _) in response.facets { facets[Attribute(name)] = response.facets(for: Attribute(name)) }
        for (attribute, values) in interactor.selections {
          var known = facets[attribute] ?? []
          for value in values.sorted() where !known.contains(where: { $0.value == value }) {
            known.append(Facet(value: value, count: 0))
          }
          facets[attribute] = known
        }
        let ordered = FacetsOrderer(facetOrdering: response.renderingContent?.facetOrdering).order(facets)
        interactor.update { $0.orderedFacets = ordered }
      }
      return [searcher.followResults(take)]
    }
  }

  /// Connects a filter state: each attribute writes its facet filters to its group — the one
  /// `filterGroupForAttribute` names, else an `and` group named after the attribute — and only those
  /// (other filters of the group are never touched). The selections are derived from the state now and at
  /// each change. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, filterGroupForAttribute: [Attribute: FilterGroupDescriptor] = [:]
  ) -> WidgetConnection {
    let groups = filterGroupForAttribute.mapValues { $0.refinementOperator.groupID(name: $0.groupName, kind: .facet) }
    let own = { (attribute: Attribute) in
      OwnedFilters(groupID: groups[attribute] ?? .and(name: attribute.rawValue)) {
        guard case .facet(let facet) = $0 else { return false }
        return facet.attribute == attribute && !facet.isNegated
      }
    }
    let single = selectionModeForAttribute.filter { $0.value == .single }.keys
    let selected = { (filters: Filters, attributes: Set<Attribute>) -> [Attribute: Set<String>] in
      var result: [Attribute: Set<String>] = [:]
      for attribute in attributes {
        var values: [String] = own(attribute).filters(in: filters).compactMap {
          guard case .facet(let facet) = $0 else { return nil }
          return facet.value.facetKey
        }
        if single.contains(attribute) { values = Array(values.prefix(1)) }
        if !values.isEmpty { result[attribute] = Set(values) }
      }
      return result
    }
    // The attributes whose selection the state may hold: those given a group, those shown, and any facet
    // filter sitting in its attribute's group.
    let attributesIn = { @MainActor (filters: Filters, interactor: DynamicFacetListInteractor) -> Set<Attribute> in
      var attributes = Set(groups.keys).union(interactor.orderedFacets.map(\.attribute))
      for id in filters.groupIDs {
        for case .facet(let facet) in filters.filters(in: id)
        where (groups[facet.attribute] ?? .and(name: facet.attribute.rawValue)) == id {
          attributes.insert(facet.attribute)
        }
      }
      return attributes
    }
    return makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      interactor.update { $0.selections = selected(filterState.filters, attributesIn(filterState.filters, $0)) }
      return [
        filterState.onChange { [weak interactor] filters in
          interactor?.update { $0.selections = selected(filters, attributesIn(filters, $0)) }
        },
        interactor.selectionRequests.add { [weak filterState] attribute, values in
          guard let filterState else { return }
          own(attribute).replace(
            with: values.sorted().map { .facet(Filter.Facet(attribute: attribute, stringValue: $0)) }, in: filterState)
        },
      ]
    }
  }

  /// Connects a view: it gets the ordered facets and the selections now and after each change; its
  /// selections toggle. The interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some DynamicFacetListController) -> WidgetConnection {
    makeConnection { interactor in
      controller.didSelect = { [weak interactor] attribute, facet in
        interactor?.toggleSelection(ofFacetValue: facet.value, for: attribute)
      }
      let show = { @MainActor [weak interactor] in
        guard let interactor else { return }
        controller.setOrderedFacets(interactor.orderedFacets)
        controller.setSelections(interactor.selections)
      }
      show()
      return [.undoing { controller.didSelect = nil }, interactor.onChange(show)]
    }
  }
}
