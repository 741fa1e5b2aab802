import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``NumberRangeController`` for SwiftUI: the range and the bounds as observable state.
///
/// Setting ``range`` (from a view) applies it; the values the connection pushes (``setItem(_:)``,
/// ``setBounds(_:)``) are only shown and never come back as a user change. One change publishes once.
@MainActor
@Observable
public final class NumberRangeObservableController<Number: RangeNumber>: NumberRangeController,
  @MainActor ObservableObject, @MainActor PublishingController
{
  /// Set by the connection: what a range chosen by the user does.
  @ObservationIgnored public var onRangeChanged: ((ClosedRange<Number>) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()
  /// The bounds shown (the slider's minimum and maximum).
  public private(set) var bounds: ClosedRange<Number>
  private var shownRange: ClosedRange<Number>

  /// Creates a controller showing `range` within `bounds` until the connection pushes real values.
  public init(range: ClosedRange<Number> = 0...1, bounds: ClosedRange<Number> = 0...1) {
    shownRange = range
    self.bounds = bounds
  }

  /// The range shown. Setting a different value (the user's choice) applies it.
  public var range: ClosedRange<Number> {
    get { shownRange }
    set {
      guard publish(newValue, to: \.shownRange) else { return }
      onRangeChanged?(newValue)
    }
  }

  /// Shows the bounds pushed by the connection (publishes once when they differ).
  public func setBounds(_ bounds: ClosedRange<Number>) {
    publish(bounds, to: \.bounds)
  }

  /// Shows the range pushed by the connection, without applying it again.
  public func setItem(_ item: ClosedRange<Number>) {
    publish(item, to: \.shownRange)
  }
}
