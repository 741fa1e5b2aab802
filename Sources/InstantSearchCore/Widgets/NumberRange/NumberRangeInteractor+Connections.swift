extension NumberRangeInteractor {
  /// Connects a view: it gets the bounds and ``displayedRange`` (the selection clamped to the bounds) now
  /// and whenever what it shows changes; the user's ranges are applied. The interactor keeps the
  /// connection.
  @discardableResult
  public func connectController(_ controller: some NumberRangeController<Number>) -> WidgetConnection {
    makeConnection { interactor in
      let view = RangeView(controller: controller)
      controller.onRangeChanged = { [weak interactor] range in interactor?.applyRange(range) }
      view.push(interactor)
      return [
        .undoing { controller.onRangeChanged = nil },
        interactor.onChange { [weak interactor] in
          guard let interactor else { return }
          view.push(interactor)
        },
      ]
    }
  }

  /// Connects a filter state through one `Filter.Numeric` range filter on `attribute`, in the group
  /// `groupName ?? attribute` (conjunctive unless told otherwise). Other filters of the group (other
  /// attributes, comparisons) are never touched. The state's range wins at connect; when it holds none, the
  /// interactor's initial range is written to it. The interactor keeps the connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, attribute: Attribute, operator: RefinementOperator = .and, groupName: String? = nil
  ) -> WidgetConnection {
    let own = OwnRange<Number>(
      attribute: attribute, groupID: `operator`.groupID(name: groupName ?? attribute.rawValue, kind: .numeric))
    return makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      if let range = own.range(in: filterState.filters) {
        interactor.update { $0.item = range }
      } else if let initial = interactor.item {
        own.write(initial, to: filterState)
      }
      return [
        filterState.onChange { [weak interactor] filters in
          interactor?.update { $0.item = own.range(in: filters) }
        },
        interactor.rangeRequests.add { [weak filterState] range in
          guard let filterState else { return }
          own.write(range, to: filterState)
        },
      ]
    }
  }

  /// Takes the bounds from the `facets_stats` of every result of a searcher (and of the latest one). The
  /// searcher is asked for the attribute's facets and registers it as a range attribute, so the statistics
  /// ignore the range's own filter and the user can always widen the selection again. The interactor
  /// keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher, attribute: Attribute) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      let tokens = [searcher.requestFacet(attribute), searcher.registerRangeAttribute(attribute)]
      return tokens + [
        searcher.followResults { [weak interactor] response in
          interactor?.takeStatistics(of: response, attribute: attribute)
        }
      ]
    }
  }

  /// Takes finite statistics as the bounds (widened to ``boundsStep`` when there is one; integers floor the
  /// minimum and ceil the maximum); a response without them keeps the previous bounds.
  func takeStatistics(of response: SearchResponse, attribute: Attribute) {
    guard let bounds = Number.statisticsBounds(of: response, attribute: attribute, step: boundsStep) else { return }
    update { $0.statisticsBounds = bounds }
  }
}

/// What a range view shows, so that it is told only about changes: the bounds first (a view may reset
/// its range with its bounds), then the range.
@MainActor
private final class RangeView<Number: RangeNumber> {
  let controller: any NumberRangeController<Number>
  private var shownBounds: ClosedRange<Number>?
  private var shownRange: ClosedRange<Number>?

  init(controller: any NumberRangeController<Number>) {
    self.controller = controller
  }

  func push(_ interactor: NumberRangeInteractor<Number>) {
    let bounds = interactor.bounds
    let range = interactor.displayedRange
    var rangeNeeded = range != shownRange
    if let bounds, bounds != shownBounds {
      shownBounds = bounds
      controller.setBounds(bounds)
      rangeNeeded = true
    }
    guard rangeNeeded else { return }
    shownRange = range
    if let range { controller.setItem(range) } else { controller.invalidate() }
  }
}

/// The range filter a range widget owns: the non-negated `Filter.Numeric` ranges on its attribute in its
/// group.
struct OwnRange<Number: RangeNumber>: Sendable {
  let attribute: Attribute
  let groupID: FilterGroup.ID

  /// The widget's range filters in the group, in the state's order.
  func filters(in filters: Filters) -> [Filter.Numeric] {
    filters.filters(in: groupID).compactMap { filter in
      guard case .numeric(let numeric) = filter, numeric.attribute == attribute, !numeric.isNegated,
        case .range = numeric.value
      else { return nil }
      return numeric
    }
  }

  /// The first range of the widget in the group, widened to whole numbers for integer types.
  func range(in filters: Filters) -> ClosedRange<Number>? {
    guard let first = self.filters(in: filters).first, case .range(let range) = first.value else { return nil }
    let lower = Number.lowerBound(from: range.lowerBound)
    let upper = Number.upperBound(from: range.upperBound)
    return lower...max(lower, upper)
  }

  /// Replaces the widget's range filters with `range` (or removes them for `nil`), in one change.
  @MainActor
  func write(_ range: ClosedRange<Number>?, to filterState: FilterState) {
    let previous = filters(in: filterState.filters)
    let next = range.map {
      Filter.Numeric(attribute: attribute, range: $0.lowerBound.doubleValue...$0.upperBound.doubleValue)
    }
    let groupID = self.groupID
    filterState.update { filters in
      for filter in previous where filter != next { filters.remove(filter, from: groupID) }
      if let next { filters.add(next, to: groupID) }
    }
  }
}
