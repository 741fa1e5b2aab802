/// Sleeps and reads elapsed time on an injected clock, erased so that services need no generic
/// parameter.
package struct ClockFunctions: Sendable {
  /// Time elapsed since the functions were made.
  package let elapsed: @Sendable () -> Duration
  /// Suspends for a duration, or throws `CancellationError`.
  package let sleep: @Sendable (Duration) async throws -> Void

  package init(_ clock: some Clock<Duration>) {
    let start = clock.now
    elapsed = { start.duration(to: clock.now) }
    sleep = { duration in try await clock.sleep(for: duration) }
  }
}
