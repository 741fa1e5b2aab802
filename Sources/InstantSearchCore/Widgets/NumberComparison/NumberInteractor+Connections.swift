extension NumberInteractor {
  /// Connects a filter state through one `Filter.Numeric` comparison `attribute numericOperator number`
  /// in the group `groupName ?? attribute` (conjunctive unless told otherwise). The widget owns the
  /// comparisons on its attribute with its operator; other filters of the group are never touched. The
  /// state's number wins at connect; when it holds none, the initial number is written to it. The
  /// interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, attribute: Attribute, numericOperator: Filter.Numeric.Operator,
    operator: RefinementOperator = .and, groupName: String? = nil
  ) -> WidgetConnection {
    let own = OwnedFilters(groupID: `operator`.groupID(name: groupName ?? attribute.rawValue, kind: .numeric)) {
      guard case .numeric(let numeric) = $0, numeric.attribute == attribute, !numeric.isNegated,
        case .comparison(numericOperator, _) = numeric.value
      else { return false }
      return true
    }
    let number = { (filters: Filters) -> Number? in
      guard case .numeric(let numeric) = own.filters(in: filters).first, case .comparison(_, let value) = numeric.value
      else { return nil }
      switch numericOperator {
      case .lessThan, .lessThanOrEqual: return Number.upperBound(from: value)
      default: return Number.lowerBound(from: value)
      }
    }
    let write = { @MainActor (value: Number?, filterState: FilterState) in
      let filter = value.map {
        Filter.numeric(Filter.Numeric(attribute: attribute, operator: numericOperator, value: $0.doubleValue))
      }
      own.replace(with: filter.map { [$0] } ?? [], in: filterState)
    }
    return makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      if let current = number(filterState.filters) {
        interactor.update { $0.item = current }
      } else if let initial = interactor.item {
        write(initial, filterState)
      }
      return [
        filterState.onChange { [weak interactor] filters in interactor?.update { $0.item = number(filters) } },
        interactor.numberRequests.add { [weak filterState] value in
          guard let filterState else { return }
          write(value, filterState)
        },
      ]
    }
  }

  /// Connects a searcher: the bounds come from the `facets_stats` of `attribute` in each result (and the
  /// latest one), widened to `boundsStep` when given. The searcher is asked for the attribute's facets and
  /// registers it as a range attribute, so the statistics ignore the comparison's own filter. The
  /// interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher, attribute: Attribute, boundsStep: Double? = nil)
    -> WidgetConnection
  {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      let tokens = [searcher.requestFacet(attribute), searcher.registerRangeAttribute(attribute)]
      let take = { @MainActor [weak interactor] (response: SearchResponse) in
        guard let bounds = Number.statisticsBounds(of: response, attribute: attribute, step: boundsStep) else {
          return
        }
        interactor?.update { $0.statisticsBounds = bounds }
      }
      return tokens + [searcher.followResults(take)]
    }
  }

  /// Connects a view: it gets the bounds, the number (or `invalidate()` when there is none) and the
  /// computation its controls use, now and after each change. The interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some NumberController<Number>) -> WidgetConnection {
    makeConnection { interactor in
      controller.setComputation(computation: interactor.computation)
      let show = { @MainActor [weak interactor] in
        guard let interactor else { return }
        controller.setBounds(bounds: interactor.bounds)
        if let item = interactor.item { controller.setItem(item) } else { controller.invalidate() }
      }
      show()
      return [interactor.onChange(show)]
    }
  }

  /// ``connectController(_:)`` by InstantSearch iOS's name for it.
  @discardableResult
  public func connectNumberController(_ controller: some NumberController<Number>) -> WidgetConnection {
    connectController(controller)
  }
}
