import Observation

/// Searches the values of one facet ("search for facet values"), for a refinement list the user can type
/// into.
///
/// ```swift
/// let facetSearcher = FacetSearcher(client: client, indexName: "products", attribute: "brand")
/// facetSearcher.connectFilterState(filterState)
/// brandSearchList.connectFacetSearcher(facetSearcher)
/// facetSearcher.query = "so"
/// facetSearcher.search()
/// ```
///
/// - The request carries the filters of a connected ``FilterState`` except the searched attribute's own
///   facet filters in disjunctive (OR) groups, so values not selected yet can be found: with "red" selected
///   in the OR group "color", searching "b" in `color` finds "blue". Filters set on ``request`` are kept.
/// - The facet ``query`` survives filter changes: a change that alters the request searches again with it
///   (once per main-actor turn); a change of the attribute's own OR filters alone sends nothing.
/// - ``maxFacetHits`` is kept within 1…100, Algolia's limits.
/// - Every request is numbered; an answer older than one delivered is dropped, a superseded request is
///   cancelled, and cancellation is never reported as an error.
@MainActor
@Observable
public final class FacetSearcher {
  /// The backend.
  public let client: any SearchClient
  /// The index searched.
  public var indexName: String
  /// The facet whose values are searched (declared `searchable(…)` in `attributesForFaceting`).
  public let attribute: Attribute
  /// The text searched in the facet's values.
  public var query: String
  /// The other search parameters; `filters` here are base filters, always kept.
  public var request: Query
  /// The filters of the connected filter state (all of them; see ``effectiveRequest``).
  public internal(set) var filters = Filters()
  /// Whether an answer that could still be delivered is awaited.
  public private(set) var isLoading = false
  /// The latest answer delivered.
  public private(set) var latestResponse: FacetSearchResponse?
  /// The latest error delivered (cleared by the next answer).
  public private(set) var latestError: (any Error)?

  @ObservationIgnored private var storedMaxFacetHits: Int?
  @ObservationIgnored private var sequencer = SearchSequencer()
  @ObservationIgnored private var inFlight: [Int: Task<Void, Never>] = [:]
  @ObservationIgnored private var turn: Task<Void, Never>?
  @ObservationIgnored var listeners = ListenerList<Result<FacetSearchResponse, any Error>>()
  @ObservationIgnored var connections: [ObjectIdentifier: FilterStateConnection] = [:]

  /// Creates a searcher of `attribute`'s values in `indexName`.
  public init(client: any SearchClient, indexName: String, attribute: Attribute, query: String = "") {
    self.client = client
    self.indexName = indexName
    self.attribute = attribute
    self.query = query
    self.request = Query()
  }

  /// Creates a searcher on the Algolia service (InstantSearch's `facetName` spelling).
  public convenience init(appID: String, apiKey: String, indexName: String, facetName: String) {
    self.init(
      client: AlgoliaSearchClient(appID: appID, apiKey: apiKey), indexName: indexName,
      attribute: Attribute(rawValue: facetName))
  }

  /// How many values to ask for, within 1…100 (`nil`: the engine's default).
  public var maxFacetHits: Int? {
    get {
      access(keyPath: \.maxFacetHits)
      return storedMaxFacetHits
    }
    set {
      withMutation(keyPath: \.maxFacetHits) { storedMaxFacetHits = newValue.map { min(max($0, 1), 100) } }
    }
  }

  /// The parameters the next search sends: ``request`` with its filters ANDed with the filter state's,
  /// the attribute's own facet filters in disjunctive groups left out.
  public var effectiveRequest: Query {
    let attribute = self.attribute
    let others = filters.removingFilters { id, filter in
      id.isDisjunctive && filter.kind == .facet && filter.attribute == attribute
    }
    var effective = request
    effective.filters = SearchPlan.combine(request.filters, others.sql)
    return effective
  }

  /// Sends the current request now.
  public func search() {
    turn?.cancel()
    turn = nil
    let number = sequencer.issue()
    for task in inFlight.values { task.cancel() }
    isLoading = sequencer.isLoading
    let (client, indexName, attribute) = (self.client, self.indexName, self.attribute)
    let (facetQuery, query, maxFacetHits) = (self.query, effectiveRequest, self.maxFacetHits)
    inFlight[number] = Task { [weak self] in
      let outcome = await Self.run(
        client, indexName: indexName, attribute: attribute, facetQuery: facetQuery, query: query,
        maxFacetHits: maxFacetHits)
      self?.finish(number, outcome)
    }
  }

  /// Replaces the filter state's filters; searches (once per main-actor turn) when the request changes.
  public func setFilters(_ newFilters: Filters) {
    guard newFilters != filters else { return }
    let before = effectiveRequest
    filters = newFilters
    guard effectiveRequest != before, turn == nil else { return }
    turn = Task { [weak self] in
      guard !Task.isCancelled else { return }
      self?.turn = nil
      self?.search()
    }
  }

  /// Waits until a search coming at the end of this turn has been sent and every search sent so far has
  /// been answered and delivered, or dropped.
  public func waitForResults() async {
    await turn?.value
    while let (_, task) = inFlight.first {
      await task.value
    }
  }

  /// Calls `handler` with each answer delivered, until the token is cancelled or released.
  public func onResults(_ handler: @escaping @MainActor (FacetSearchResponse) -> Void) -> SubscriptionToken {
    onOutcome { outcome in
      if case .success(let response) = outcome { handler(response) }
    }
  }

  /// Calls `handler` with each error delivered (never for cancellation).
  public func onError(_ handler: @escaping @MainActor (any Error) -> Void) -> SubscriptionToken {
    onOutcome { outcome in
      if case .failure(let error) = outcome { handler(error) }
    }
  }

  /// Calls `handler` with each outcome delivered, answer or error, in order.
  public func onOutcome(
    _ handler: @escaping @MainActor (Result<FacetSearchResponse, any Error>) -> Void
  ) -> SubscriptionToken {
    listeners.add(handler, remove: { [weak self] id in self?.listeners.remove(id: id) })
  }

  private nonisolated static func run(
    _ client: any SearchClient, indexName: String, attribute: Attribute, facetQuery: String, query: Query,
    maxFacetHits: Int?
  ) async -> Result<FacetSearchResponse, any Error> {
    do {
      return .success(
        try await client.searchForFacetValues(
          indexName: indexName, attribute: attribute, facetQuery: facetQuery, query: query,
          maxFacetHits: maxFacetHits))
    } catch {
      return .failure(error)
    }
  }

  private func finish(_ number: Int, _ outcome: Result<FacetSearchResponse, any Error>) {
    inFlight[number] = nil
    if case .failure(let error) = outcome, error is CancellationError {
      sequencer.abandon(number)
      isLoading = sequencer.isLoading
      return
    }
    let deliver = sequencer.complete(number)
    isLoading = sequencer.isLoading
    guard deliver else { return }
    switch outcome {
    case .success(let response):
      latestResponse = response
      latestError = nil
    case .failure(let error):
      latestError = error
    }
    for listener in listeners.activeListeners() where listener.isActive { listener.handler(outcome) }
  }
}
