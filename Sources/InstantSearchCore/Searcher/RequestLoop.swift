/// The request loop both searchers share, around a ``SearchSequencer``: every request is numbered, a
/// new one cancels those in flight, an answer older than one delivered is dropped, cancellation is never
/// reported, and an error never stops later answers.
///
/// The loop tells its owner through two hooks — ``onLoadingChange`` (whether an answer that could still
/// be delivered is awaited) and ``onDelivery`` (each outcome delivered, before the listeners) — so the
/// owner can publish them as observable state.
@MainActor
final class RequestLoop<Response: Sendable> {
  /// Called with the new loading state whenever it changes.
  var onLoadingChange: (@MainActor (Bool) -> Void)?
  /// Called with each outcome delivered, before the listeners.
  var onDelivery: (@MainActor (Result<Response, RequestError>) -> Void)?

  private var sequencer = SearchSequencer()
  private var inFlight: [Int: Task<Void, Never>] = [:]
  private var turn: Task<Void, Never>?
  private var outcomeListeners = ListenerList<Result<Response, RequestError>>()
  private var loadingListeners = ListenerList<Bool>()
  private var wasLoading = false

  /// Whether an answer that could still be delivered is awaited.
  var isLoading: Bool { sequencer.isLoading }

  /// Sends a request now: `perform` runs off the main actor; `queries` are what an error reports.
  /// Requests in flight are cancelled, and a request due at the end of this turn is dropped.
  func send(
    queries: [IndexedQuery], _ perform: @escaping @Sendable () async throws -> Response
  ) {
    dropTurn()
    let number = sequencer.issue()
    for task in inFlight.values { task.cancel() }
    loadingMayHaveChanged()
    inFlight[number] = Task { [weak self] in
      let outcome: Result<Response, any Error>
      do {
        outcome = .success(try await perform())
      } catch {
        outcome = .failure(error)
      }
      self?.finish(number, outcome, queries: queries)
    }
  }

  /// Runs `action` once at the end of the current main-actor turn, however many calls happen in it.
  func atEndOfTurn(_ action: @escaping @MainActor () -> Void) {
    guard turn == nil else { return }
    turn = Task { [weak self] in
      guard !Task.isCancelled else { return }
      self?.turn = nil
      action()
    }
  }

  /// Drops the request due at the end of this turn, if any.
  func dropTurn() {
    turn?.cancel()
    turn = nil
  }

  /// Cancels the request due at the end of this turn and those in flight; nothing is reported for them.
  func cancel() {
    turn?.cancel()
    turn = nil
    for task in inFlight.values { task.cancel() }
  }

  /// Waits until a request due at the end of this turn has been sent.
  func waitForTurn() async {
    await turn?.value
  }

  /// Waits until every request sent so far has been answered and delivered, or dropped.
  func waitForAnswers() async {
    await turn?.value
    while let (_, task) = inFlight.first {
      await task.value
    }
  }

  /// Calls `handler` with each outcome delivered, in order, until the token is cancelled or released.
  func onOutcome(_ handler: @escaping @MainActor (Result<Response, RequestError>) -> Void) -> SubscriptionToken {
    outcomeListeners.add(handler) { [weak self] id in self?.outcomeListeners.remove(id: id) }
  }

  /// Calls `handler` with the loading state whenever it changes.
  func onLoadingChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SubscriptionToken {
    loadingListeners.add(handler) { [weak self] id in self?.loadingListeners.remove(id: id) }
  }

  private func finish(_ number: Int, _ outcome: Result<Response, any Error>, queries: [IndexedQuery]) {
    inFlight[number] = nil
    if case .failure(let error) = outcome, error is CancellationError {
      sequencer.abandon(number)
      loadingMayHaveChanged()
      return
    }
    let deliver = sequencer.complete(number)
    loadingMayHaveChanged()
    guard deliver else { return }
    let result = outcome.mapError { RequestError(queries: queries, underlyingError: $0) }
    onDelivery?(result)
    for listener in outcomeListeners.activeListeners() where listener.isActive { listener.handler(result) }
  }

  private func loadingMayHaveChanged() {
    let loading = sequencer.isLoading
    guard loading != wasLoading else { return }
    wasLoading = loading
    onLoadingChange?(loading)
    for listener in loadingListeners.activeListeners() where listener.isActive { listener.handler(loading) }
  }
}
