/// A view of a numeric range: it shows the bounds and the range, and reports the user's changes.
@MainActor
public protocol NumberRangeController<Number>: AnyObject {
  /// The number type.
  associatedtype Number: RangeNumber
  /// Called with the range the user chose.
  var onRangeChanged: ((ClosedRange<Number>) -> Void)? { get set }
  /// Receives the bounds (the slider's minimum and maximum).
  func setBounds(_ bounds: ClosedRange<Number>)
  /// Receives the range to show.
  func setItem(_ item: ClosedRange<Number>)
  /// Called when there is neither a range nor bounds to show. Defaults to doing nothing.
  func invalidate()
}

extension NumberRangeController {
  /// Does nothing: views that must clear their range when there is none to show implement it.
  public func invalidate() {}
}
