/// A "clear filters" button in one call. Releasing the connector disconnects it.
@MainActor
public final class FilterClearConnector: WidgetConnector {
  /// The filter state.
  public let filterState: FilterState
  /// The logic.
  public let interactor: FilterClearInteractor
  /// The connection to the filter state.
  public let filterStateConnection: WidgetConnection
  /// The connection to the button, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects a clear button for `filterGroupIDs` (all groups when empty) or, with
  /// ``ClearMode/except``, for every other group.
  public init(
    filterState: FilterState, filterGroupIDs: [FilterGroup.ID] = [], clearMode: ClearMode = .specified,
    interactor: FilterClearInteractor = .init(), controller: (any FilterClearController)? = nil
  ) {
    self.filterState = filterState
    self.interactor = interactor
    filterStateConnection = interactor.connectFilterState(
      filterState, filterGroupIDs: filterGroupIDs, clearMode: clearMode)
    if let controller { controllerConnection = interactor.connectController(controller) }
    super.init(parts: [filterStateConnection, controllerConnection])
  }

  /// ``init(filterState:filterGroupIDs:clearMode:interactor:controller:)`` with InstantSearch iOS's order
  /// of the arguments (`clearMode:` before `filterGroupIDs:`, both given).
  public convenience init(
    filterState: FilterState, clearMode: ClearMode, filterGroupIDs: [FilterGroup.ID],
    interactor: FilterClearInteractor = .init(), controller: (any FilterClearController)? = nil
  ) {
    self.init(
      filterState: filterState, filterGroupIDs: filterGroupIDs, clearMode: clearMode, interactor: interactor,
      controller: controller)
  }
}
