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
  public private(set) var latestError: RequestError?

  @ObservationIgnored private var storedMaxFacetHits: Int?
  @ObservationIgnored let loop = RequestLoop<FacetSearchResponse>()
  @ObservationIgnored let links = WidgetLinks()
  /// The multi-searcher this searcher belongs to, which starts its searches (see ``MultiSearcher``).
  @ObservationIgnored weak var composite: MultiSearcher?

  /// Creates a searcher of `attribute`'s values in `indexName`.
  public init(client: any SearchClient, indexName: String, attribute: Attribute, query: String = "") {
    self.client = client
    self.indexName = indexName
    self.attribute = attribute
    self.query = query
    self.request = Query()
    loop.onLoadingChange = { [weak self] loading in self?.isLoading = loading }
    loop.onDelivery = { [weak self] outcome in
      switch outcome {
      case .success(let response):
        self?.latestResponse = response
        self?.latestError = nil
      case .failure(let error):
        self?.latestError = error
      }
    }
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

  /// Sends the current request now; a searcher of a ``MultiSearcher`` searches with its siblings.
  public func search() {
    if let composite {
      composite.search()
      return
    }
    searchAlone()
  }

  /// Sends the current request now, by itself.
  func searchAlone() {
    let (client, indexName, attribute) = (self.client, self.indexName, self.attribute)
    let (facetQuery, query, maxFacetHits) = (self.query, effectiveRequest, self.maxFacetHits)
    loop.send(queries: [IndexedQuery(indexName: indexName, query: query)]) {
      try await client.searchForFacetValues(
        indexName: indexName, attribute: attribute, facetQuery: facetQuery, query: query,
        maxFacetHits: maxFacetHits)
    }
  }

  /// Replaces the filter state's filters; searches (once per main-actor turn) when the request changes.
  public func setFilters(_ newFilters: Filters) {
    guard newFilters != filters else { return }
    let before = effectiveRequest
    filters = newFilters
    guard effectiveRequest != before else { return }
    loop.atEndOfTurn { [weak self] in self?.search() }
  }

  /// Waits until a search coming at the end of this turn has been sent and every search sent so far has
  /// been answered and delivered, or dropped.
  public func waitForResults() async {
    await loop.waitForAnswers()
  }

  /// Calls `handler` with each answer delivered, until the token is cancelled or released.
  public func onResults(_ handler: @escaping @MainActor (FacetSearchResponse) -> Void) -> SubscriptionToken {
    onOutcome { outcome in
      if case .success(let response) = outcome { handler(response) }
    }
  }

  /// Calls `handler` with each error delivered (never for cancellation), with the query that caused it.
  public func onError(_ handler: @escaping @MainActor (RequestError) -> Void) -> SubscriptionToken {
    onOutcome { outcome in
      if case .failure(let error) = outcome { handler(error) }
    }
  }

  /// Calls `handler` with each outcome delivered, answer or error, in order.
  public func onOutcome(
    _ handler: @escaping @MainActor (Result<FacetSearchResponse, RequestError>) -> Void
  ) -> SubscriptionToken {
    loop.onOutcome(handler)
  }

  /// Calls `handler` with ``isLoading`` whenever it changes.
  public func onLoadingChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SubscriptionToken {
    loop.onLoadingChanged(handler)
  }
}
