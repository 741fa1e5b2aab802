import Observation

/// A map of filters of which one at a time is applied: segments, tabs, a toggle between values.
///
/// The selection is derived from the connected ``FilterState``: the key whose filter is in the group.
@MainActor
@Observable
public final class FilterMapInteractor<F: FilterType>: SegmentedInteractor {
  /// The filters by key.
  public let items: [Int: F]
  /// The selected key, or `nil`.
  public internal(set) var selected: Int?

  @ObservationIgnored let links = WidgetLinks()
  /// Where selections go while a filter state is connected.
  @ObservationIgnored let selectionRequests = IntentSinks<Int?>()

  /// Creates an interactor; `selected` is written to the filter state when one is connected.
  public init(items: [Int: F], selected: Int? = nil) {
    self.items = items
    self.selected = selected
  }

  /// Applies the filter of `key` (nothing happens when it is already selected or unknown).
  public func select(_ key: Int) {
    guard key != selected, items[key] != nil else { return }
    if !selectionRequests.send(key) { update { $0.selected = key } }
  }

  /// Removes the map's filter: no segment is selected afterwards (an "all" choice).
  public func deselect() {
    guard selected != nil else { return }
    if !selectionRequests.send(nil) { update { $0.selected = nil } }
  }

  /// Calls `handler` after each change of the selection.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(selected) }
}
