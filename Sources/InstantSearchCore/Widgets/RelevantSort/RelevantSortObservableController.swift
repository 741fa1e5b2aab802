import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``RelevantSortController`` for SwiftUI: the hint and toggle title as observable state (`nil`: hide
/// the toggle). One change publishes once.
@MainActor
@Observable
public final class RelevantSortObservableController: RelevantSortController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// What to show, or `nil`.
  public private(set) var item: RelevantSortTextualRepresentation?
  /// Set by the connection: what a tap does.
  @ObservationIgnored public var didToggle: (() -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// Takes what to show (publishes once when it differs).
  public func setItem(_ item: RelevantSortTextualRepresentation?) {
    publish(item, to: \.item)
  }

  /// Toggles the priority.
  public func toggle() {
    didToggle?()
  }
}
