import Observation

/// The logic of a "clear filters" button: each ``clear()`` empties the groups its filter-state
/// connections name, in one change each.
@MainActor
@Observable
public final class FilterClearInteractor: WidgetInteractor {
  @ObservationIgnored let links = WidgetLinks()
  @ObservationIgnored let clearRequests = IntentSinks<Void>()

  /// Creates an interactor.
  public init() {}

  /// A clear button has no state to tell listeners about.
  var changeSnapshot: some Equatable { ChangeKey() }

  /// Clears the connected filter states' groups.
  public func clear() {
    clearRequests.send(())
  }

  /// Clears `filterState` on each ``clear()``: with ``ClearMode/specified``, the groups `filterGroupIDs`
  /// (all of them when empty); with ``ClearMode/except``, every group but those. The interactor keeps the
  /// connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, filterGroupIDs: [FilterGroup.ID] = [], clearMode: ClearMode = .specified
  ) -> WidgetConnection {
    makeConnection { [weak filterState] interactor in
      guard filterState != nil else { return nil }
      return [
        interactor.clearRequests.add { [weak filterState] in
          guard let filterState else { return }
          switch (clearMode, filterGroupIDs.isEmpty) {
          case (.specified, true): filterState.removeAll()
          case (.specified, false): filterState.removeAll(fromGroupWithIDs: filterGroupIDs)
          case (.except, _): filterState.removeAll(except: filterGroupIDs)
          }
        }
      ]
    }
  }

  /// Makes a button's clicks clear. The interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some FilterClearController) -> WidgetConnection {
    makeConnection { interactor in
      controller.onClick = { [weak interactor] in interactor?.clear() }
      return [.undoing { controller.onClick = nil }]
    }
  }
}
