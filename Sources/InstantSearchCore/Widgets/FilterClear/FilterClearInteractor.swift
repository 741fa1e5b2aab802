import Observation

/// The logic of a "clear filters" button: each ``clear()`` empties the groups its filter-state
/// connections name, in one change each.
@MainActor
@Observable
public final class FilterClearInteractor {
  @ObservationIgnored let links = WidgetLinks()
  @ObservationIgnored var clearers: [ObjectIdentifier: () -> Void] = [:]

  /// Creates an interactor.
  public init() {}

  /// Clears the connected filter states' groups.
  public func clear() {
    for clear in clearers.values { clear() }
  }

  /// Clears `filterState` on each ``clear()``: with ``ClearMode/specified``, the groups `filterGroupIDs`
  /// (all of them when empty); with ``ClearMode/except``, every group but those. The interactor keeps the
  /// connection.
  @discardableResult
  public func connectFilterState(
    _ filterState: FilterState, filterGroupIDs: [FilterGroup.ID] = [], clearMode: ClearMode = .specified
  ) -> ListenerConnection {
    let connection = ListenerConnection(owner: links) { [weak self, weak filterState] in
      guard let self else { return nil }
      let id = UniqueID()
      self.clearers[id.value] = {
        guard let filterState else { return }
        switch (clearMode, filterGroupIDs.isEmpty) {
        case (.specified, true): filterState.removeAll()
        case (.specified, false): filterState.removeAll(fromGroupWithIDs: filterGroupIDs)
        case (.except, _): filterState.removeAll(except: filterGroupIDs)
        }
      }
      return SubscriptionToken { [weak self] in self?.clearers[id.value] = nil }
    }
    connection.connect()
    return connection
  }

  /// Makes a button's clicks clear. The interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some FilterClearController) -> ListenerConnection {
    let connection = ListenerConnection(owner: links) { [weak self] in
      controller.onClick = { [weak self] in self?.clear() }
      return SubscriptionToken { controller.onClick = nil }
    }
    connection.connect()
    return connection
  }
}

/// An identity for a registration, usable as a dictionary key.
final class UniqueID: Sendable {
  var value: ObjectIdentifier { ObjectIdentifier(self) }
}
