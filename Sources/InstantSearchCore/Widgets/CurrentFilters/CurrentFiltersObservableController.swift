import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``CurrentFiltersController`` for SwiftUI: the current filters as observable state. One change
/// publishes once.
@MainActor
@Observable
public final class CurrentFiltersObservableController: CurrentFiltersController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The filters shown, with their groups and texts.
  public private(set) var filters: [FilterAndID] = []
  /// Set by the connection: what a removal does.
  @ObservationIgnored public var onRemoveItem: ((FilterAndID) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// Takes the new items (publishes once when they differ).
  public func setItems(_ item: [FilterAndID]) {
    publish(item, to: \.filters)
  }

  /// Nothing to do: the state is already published.
  public func reload() {}

  /// Removes `item` from the filter state.
  public func remove(_ item: FilterAndID) {
    onRemoveItem?(item)
  }
}
