import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``NumberController`` for SwiftUI: the number and its bounds as observable state, with the stepper's
/// actions. One change publishes once.
///
/// ```swift
/// Stepper("\(controller.value ?? 0)", onIncrement: controller.increment, onDecrement: controller.decrement)
/// ```
@MainActor
@Observable
public final class NumberObservableController<Number: RangeNumber>: NumberController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The number shown, `nil` when there is none.
  public private(set) var value: Number?
  /// The bounds the number is kept within, if any.
  public private(set) var bounds: ClosedRange<Number>?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()
  @ObservationIgnored private var computation: Computation<Number>?
  @ObservationIgnored private let step: Number

  /// Creates a controller whose stepper moves by `step`.
  public init(step: Number = 1) {
    self.step = step
  }

  /// Takes the number (publishes once when it differs).
  public func setItem(_ item: Number) {
    publish(Optional(item), to: \.value)
  }

  /// Takes the bounds (publishes once when they differ).
  public func setBounds(bounds: ClosedRange<Number>?) {
    publish(bounds, to: \.bounds)
  }

  /// Shows no number.
  public func invalidate() {
    publish(Number?.none, to: \.value)
  }

  /// Keeps the actions of the stepper.
  public func setComputation(computation: Computation<Number>) {
    self.computation = computation
  }

  /// One step up (from the lower bound, or 0, when there is no number).
  public func increment() {
    computation?.increment(step: step, default: bounds?.lowerBound ?? 0)
  }

  /// One step down (from the lower bound, or 0, when there is no number).
  public func decrement() {
    computation?.decrement(step: step, default: bounds?.lowerBound ?? 0)
  }

  /// Applies `value` (`nil` removes the comparison).
  public func set(_ value: Number?) {
    computation?.just(value: value)
  }
}
