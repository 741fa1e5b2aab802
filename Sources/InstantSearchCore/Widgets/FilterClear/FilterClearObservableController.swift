import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A FilterClearController for SwiftUI: a button's action calls clear() (InstantSearch iOS's
/// `FilterClearObservableController`). It has no state to show, so it never publishes.
///
/// ```swift
/// Button("Clear filters", action: filterClearController.clear)
/// ```
@MainActor
public final class FilterClearObservableController: FilterClearController, @MainActor ObservableObject {
  /// Set by the connection: what clearing does.
  public var onClick: (() -> Void)?
  /// Publishes before each change, for `@ObservedObject` (never: nothing changes).
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates a controller.
  public init() {}

  /// Clears the connected filters.
  public func clear() {
    onClick?()
  }
}
