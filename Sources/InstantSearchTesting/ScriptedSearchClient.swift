import InstantSearchCore

/// A `SearchClient` whose answers a test scripts: canned or computed responses, errors, a latency per
/// call on an injected clock (so answers can arrive out of order), and a record of every call.
///
/// ```swift
/// let clock = ManualClock()
/// let client = ScriptedSearchClient(clock: clock, latency: { call in call.number == 1 ? .seconds(2) : .seconds(1) }) { call in
///   call.queries.map { _ in SearchResponse(nbHits: call.number) }
/// }
/// ```
public final class ScriptedSearchClient: SearchClient {
  /// One call to ``search(_:strategy:)``.
  public struct Call: Sendable {
    /// 1 for the first call to reach the client, 2 for the second, …
    ///
    /// Searches sent in a row run in tasks of their own and may reach the client in either order: to
    /// script an answer for one particular search, key it on the call's queries (the query text), not
    /// on this number.
    public let number: Int
    /// The queries sent.
    public let queries: [IndexedQuery]
    /// The strategy sent.
    public let strategy: MultipleQueriesStrategy
  }

  /// One call to ``searchForFacetValues(indexName:attribute:facetQuery:query:maxFacetHits:)``.
  public struct FacetCall: Sendable {
    /// The index.
    public let indexName: String
    /// The facet.
    public let attribute: Attribute
    /// The text searched in the facet's values.
    public let facetQuery: String
    /// The other search parameters.
    public let query: Query
    /// The limit asked for.
    public let maxFacetHits: Int?
  }

  private let clock: ManualClock?
  private let latency: @Sendable (Call) -> Duration
  private let respond: @Sendable (Call) async throws -> [SearchResponse]
  private let respondToFacetSearch: @Sendable (FacetCall) async throws -> FacetSearchResponse
  private let honoursCancellation: Bool
  private let state = Locked<(calls: [Call], facetCalls: [FacetCall], pending: Int)>(([], [], 0))

  /// Creates a client.
  ///
  /// - Parameters:
  ///   - clock: the clock latencies are measured on; `nil` answers at once.
  ///   - latency: the delay of each call before it answers.
  ///   - honoursCancellation: when `false`, a cancelled call still answers after its latency, as a
  ///     server that already did the work would.
  ///   - facetSearch: the answer to facet-value searches (empty by default).
  ///   - respond: the responses (or the error) of each call.
  public init(
    clock: ManualClock? = nil, latency: @escaping @Sendable (Call) -> Duration = { _ in .zero },
    honoursCancellation: Bool = true,
    facetSearch: @escaping @Sendable (FacetCall) async throws -> FacetSearchResponse = { _ in
      FacetSearchResponse(facetHits: [])
    },
    respond: @escaping @Sendable (Call) async throws -> [SearchResponse]
  ) {
    self.clock = clock
    self.latency = latency
    self.honoursCancellation = honoursCancellation
    self.respondToFacetSearch = facetSearch
    self.respond = respond
  }

  /// A client that answers every query of every call with `response`.
  public convenience init(response: SearchResponse) {
    self.init { call in call.queries.map { _ in response } }
  }

  /// Every call so far, in order.
  public var calls: [Call] { state.withLock { $0.calls } }

  /// How many calls to ``search(_:strategy:)`` have started and not yet answered (or thrown). A test that
  /// drives the clock should advance it until this is 0: a call is recorded before it starts to sleep on
  /// the clock, so "every call recorded and nobody sleeping" can be true for a moment while a call is
  /// about to sleep.
  public var pendingCalls: Int { state.withLock { $0.pending } }

  /// Every facet-value search so far, in order.
  public var facetCalls: [FacetCall] { state.withLock { $0.facetCalls } }

  /// Records the call, waits its latency on the clock, then answers as scripted.
  public func search(_ queries: [IndexedQuery], strategy: MultipleQueriesStrategy) async throws -> [SearchResponse] {
    let call = state.withLock { state -> Call in
      let call = Call(number: state.calls.count + 1, queries: queries, strategy: strategy)
      state.calls.append(call)
      state.pending += 1
      return call
    }
    defer { state.withLock { $0.pending -= 1 } }
    let delay = latency(call)
    if let clock, delay > .zero {
      if honoursCancellation {
        try await clock.sleep(for: delay)
      } else {
        await Task { try? await clock.sleep(for: delay) }.value
      }
    }
    if honoursCancellation { try Task.checkCancellation() }
    return try await respond(call)
  }

  /// Records the call and answers as scripted.
  public func searchForFacetValues(
    indexName: String, attribute: Attribute, facetQuery: String, query: Query, maxFacetHits: Int?
  ) async throws -> FacetSearchResponse {
    let call = FacetCall(
      indexName: indexName, attribute: attribute, facetQuery: facetQuery, query: query, maxFacetHits: maxFacetHits)
    state.withLock { $0.facetCalls.append(call) }
    return try await respondToFacetSearch(call)
  }
}
