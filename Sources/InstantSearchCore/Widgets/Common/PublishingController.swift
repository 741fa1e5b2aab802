// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// What the observable controllers share: a change publishes once to `objectWillChange` (for
/// `@ObservedObject`) and once to Observation (the `@Observable` property it sets), and a value equal to
/// the one shown publishes nothing.
@MainActor
protocol PublishingController: AnyObject, ObservableObject
where ObjectWillChangePublisher == ObservableObjectPublisher {}

extension PublishingController {
  /// Sets `keyPath` to `value` when it differs, publishing once; returns whether it changed.
  @discardableResult
  func publish<Value: Equatable>(_ value: Value, to keyPath: ReferenceWritableKeyPath<Self, Value>) -> Bool {
    guard self[keyPath: keyPath] != value else { return false }
    objectWillChange.send()
    self[keyPath: keyPath] = value
    return true
  }

  /// Sets two properties, publishing once when either differs.
  func publish<A: Equatable, B: Equatable>(
    _ a: A, to first: ReferenceWritableKeyPath<Self, A>, _ b: B, to second: ReferenceWritableKeyPath<Self, B>
  ) {
    guard self[keyPath: first] != a || self[keyPath: second] != b else { return }
    objectWillChange.send()
    self[keyPath: first] = a
    self[keyPath: second] = b
  }
}
