/// The values an interactor's listeners are told about, compared as they are.
///
/// ``WidgetInteractor/changeSnapshot`` was an `[AnyHashable]`: comparing two of those casts each element
/// dynamically, and the first comparison of each type looks its conformances up in the runtime — a few
/// milliseconds on the first keystroke of an app, then a cast per element on every update. A tuple of
/// the values themselves compares them with their own `==`.
struct ChangeKey<each Value: Equatable>: Equatable {
  private let values: (repeat each Value)

  /// The key of `values`, in order.
  init(_ values: repeat each Value) {
    self.values = (repeat each values)
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    for (left, right) in repeat (each lhs.values, each rhs.values) {
      guard left == right else { return false }
    }
    return true
  }
}
