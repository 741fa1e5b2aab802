/// A view of one number compared with an attribute (`price >= 20`, `rating >= 4`): a stepper, a text
/// field, stars.
@MainActor
public protocol NumberController<Number>: AnyObject {
  /// The number type.
  associatedtype Number: RangeNumber
  /// The number type, by InstantSearch iOS's name for it (`where Controller.Item == Int`).
  typealias Item = Number
  /// Receives the number to show.
  func setItem(_ item: Number)
  /// Receives what the view's controls do: step up or down, or set a value.
  func setComputation(computation: Computation<Number>)
  /// Receives the bounds the number is kept within (`nil` while there are none). Defaults to doing nothing.
  func setBounds(bounds: ClosedRange<Number>?)
  /// Called when there is no number to show. Defaults to doing nothing.
  func invalidate()
}

extension NumberController {
  /// Does nothing: views without limits need not implement it.
  public func setBounds(bounds: ClosedRange<Number>?) {}
  /// Does nothing: views that must clear their value when there is none implement it.
  public func invalidate() {}
}

/// What a number view's controls do, as InstantSearch's `Computation`: each call computes a number from
/// the current one and applies it (written to the filter state when one is connected), kept within the
/// bounds.
@MainActor
public struct Computation<Number: RangeNumber> {
  let current: @MainActor () -> Number?
  let apply: @MainActor (Number?) -> Void

  /// Adds `step` to the current number, or applies `default` when there is none.
  public func increment(step: Number = 1, default: Number = 0) {
    apply(current().map { $0 + step } ?? `default`)
  }

  /// Subtracts `step` from the current number, or applies `default` when there is none.
  public func decrement(step: Number = 1, default: Number = 0) {
    apply(current().map { $0 - step } ?? `default`)
  }

  /// Multiplies the current number by `step`, or applies `default` when there is none.
  public func multiply(step: Number = 1, default: Number = 0) {
    apply(current().map { $0 * step } ?? `default`)
  }

  /// Applies `value` (`nil` removes the comparison).
  public func just(value: Number?) {
    apply(value)
  }
}
