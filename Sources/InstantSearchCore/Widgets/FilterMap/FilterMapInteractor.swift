import Observation

/// A map of filters of which one at a time is applied: segments, tabs, a toggle between values.
///
/// The selection is derived from the connected ``FilterState``: the key whose filter is in the group.
@MainActor
@Observable
public final class FilterMapInteractor<F: FilterType> {
  /// The filters by key.
  public let items: [Int: F]
  /// The selected key, or `nil`.
  public internal(set) var selected: Int? {
    didSet { if selected != oldValue { notify() } }
  }

  @ObservationIgnored let links = WidgetLinks()
  @ObservationIgnored var selectors: [ObjectIdentifier: (Int?) -> Void] = [:]

  /// Creates an interactor; `selected` is written to the filter state when one is connected.
  public init(items: [Int: F], selected: Int? = nil) {
    self.items = items
    self.selected = selected
  }

  /// Applies the filter of `key` (nothing happens when it is already selected or unknown).
  public func select(_ key: Int) {
    guard key != selected, items[key] != nil else { return }
    if selectors.isEmpty {
      selected = key
    } else {
      for select in selectors.values { select(key) }
    }
  }

  /// Removes the map's filter: no segment is selected afterwards (an "all" choice).
  public func deselect() {
    guard selected != nil else { return }
    if selectors.isEmpty {
      selected = nil
    } else {
      for select in selectors.values { select(nil) }
    }
  }

  /// Calls `handler` after each change of the selection.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  private func notify() {
    links.notify()
  }

  func retain(_ connection: any Connection) { links.retain(connection) }
  func release(_ connection: any Connection) { links.release(connection) }
}
