import InstantSearchModel

/// Work over a run of items done in two halves on two threads once the run is long enough: writing a
/// segment image checks and rewrites every record this way (``ElisionPlanCheck/run(candidates:snapshot:nodeCount:twoThreadsFrom:)``,
/// ``ElisionImage/strip(_:with:twoThreadsFrom:)``).
enum Halves {
  /// `body`'s results over `0..<count`, in order: one result for the whole run below `twoThreadsFrom`
  /// items, else one for each half, the second on a thread of its own while the caller does the first
  /// (``OwnThreads``).
  static func map<Result: Sendable>(
    _ count: Int, twoThreadsFrom: Int, _ body: @escaping @Sendable (Range<Int>) -> Result
  ) -> [Result] {
    guard count >= twoThreadsFrom else { return [body(0..<count)] }
    let parts = Locked<[Result?]>([nil, nil])
    OwnThreads.run(iterations: 2) { half in
      let part = body(half == 0 ? 0..<count / 2 : count / 2..<count)
      parts.withLock { $0[half] = part }
    }
    // Both halves have run when `run` returns.
    let done = parts.withLock { $0.compactMap { $0 } }
    return done.count == 2 ? done : [body(0..<count)]
  }
}
