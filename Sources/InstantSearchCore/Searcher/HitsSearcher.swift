import Observation

/// Searches one index, keeps the latest results, and tells the widgets.
///
/// ```swift
/// let searcher = HitsSearcher(client: AlgoliaSearchClient(appID: "APP", apiKey: "KEY"), indexName: "products")
/// searcher.connectFilterState(filterState)
/// searcher.search()
/// ```
///
/// - Nothing is sent until ``search()`` (or ``scheduleSearch()``) is called, or a connected
///   ``FilterState`` changes.
/// - Filter changes search at once; several changes in the same main-actor turn send one request.
///   ``scheduleSearch()`` waits ``debounceDelay`` on the injected clock, restarting at each call, so
///   search-as-you-type sends one request per pause and never loses the last text.
/// - Every request is numbered; an answer older than the newest one delivered is dropped, a superseded
///   request is cancelled, and cancellation is never reported as an error. An error never stops later
///   results. Sending the same request twice sends it twice.
/// - Any change of the query text, the filters or the index resets the page to 0.
/// - Filters set on ``request`` by the caller are kept and ANDed with the FilterState's.
@MainActor
@Observable
public final class HitsSearcher {
  /// The observer-style events (``Observer``), made on first use.
  @ObservationIgnored let observerStore = ObserverStore()
  /// The backend.
  public let client: any SearchClient
  /// The search parameters set by the caller; `filters` here are base filters, always kept. A change
  /// of anything but the page resets the page to 0.
  public var request: Query {
    get {
      access(keyPath: \.request)
      return storedRequest
    }
    set {
      let old = storedRequest
      guard newValue != old else { return }
      withMutation(keyPath: \.request) {
        storedRequest = newValue
        var oldWithNewPage = old
        oldWithNewPage.page = newValue.page
        if oldWithNewPage != newValue, newValue.page == old.page, (newValue.page ?? 0) != 0 {
          storedRequest.page = 0
        }
      }
      if newValue.query != old.query {
        for listener in queryListeners.activeListeners() { listener.handler(newValue.query) }
      }
    }
  }
  /// The index searched. Changing it resets the page.
  public var indexName: String {
    get {
      access(keyPath: \.indexName)
      return storedIndexName
    }
    set {
      guard newValue != storedIndexName else { return }
      withMutation(keyPath: \.indexName) { storedIndexName = newValue }
      if (request.page ?? 0) != 0 { request.page = 0 }
      for listener in indexListeners.activeListeners() { listener.handler(newValue) }
    }
  }
  /// The filters of the connected ``FilterState`` (or set with ``setFilters(_:)``).
  public internal(set) var filters = Filters()
  /// Attributes whose statistics must not be narrowed by their own numeric filters (range widgets
  /// register theirs).
  public var rangeAttributes: Set<Attribute> = []
  /// The hierarchical menus connected, with their selected paths (see ``HierarchicalFaceting``).
  public var hierarchicalFaceting: [HierarchicalFaceting] = []
  /// Whether OR groups get their own facet counts (see ``SearchPlan``).
  public var isDisjunctiveFacetingEnabled = true
  /// How long ``scheduleSearch()`` waits for a pause.
  public var debounceDelay: Duration
  /// Whether a search is on its way.
  public private(set) var isLoading = false
  /// The latest response delivered.
  public private(set) var latestResponse: SearchResponse?
  /// The latest error delivered (cleared by the next response).
  public private(set) var latestError: RequestError?
  /// A predicate applied before every search: return `false` to skip sending.
  @ObservationIgnored public var shouldSearch: (@MainActor (Query) -> Bool)?

  @ObservationIgnored private var storedRequest: Query
  @ObservationIgnored private var storedIndexName: String
  @ObservationIgnored let loop = RequestLoop<SearchResponse>()
  @ObservationIgnored private var debounce: Task<Void, Never>?
  @ObservationIgnored private let clock: ClockFunctions
  @ObservationIgnored var queryListeners = ListenerList<String?>()
  @ObservationIgnored var indexListeners = ListenerList<String>()
  @ObservationIgnored let links = WidgetLinks()
  /// The multi-searcher this searcher belongs to, which sends its searches (see ``MultiSearcher``).
  @ObservationIgnored weak var composite: MultiSearcher?

  /// Creates a searcher on any backend.
  ///
  /// - Parameters:
  ///   - client: the backend: a `LocalSearchClient` (the embedded engine), `AlgoliaSearchClient` or your own.
  ///   - indexName: the index searched.
  ///   - query: the query to start from (its filters are ANDed with the filter state's).
  ///   - clock: the clock of ``scheduleSearch()``'s debounce (tests inject a manual clock).
  ///   - debounceDelay: the pause ``scheduleSearch()`` waits for.
  public init(
    client: any SearchClient, indexName: String, query: Query = Query(),
    clock: any Clock<Duration> = ContinuousClock(), debounceDelay: Duration = .milliseconds(150)
  ) {
    self.client = client
    self.storedIndexName = indexName
    self.storedRequest = query
    self.clock = ClockFunctions(clock)
    self.debounceDelay = debounceDelay
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

  /// Creates a searcher on the Algolia service.
  public convenience init(appID: String, apiKey: String, indexName: String, query: Query = Query()) {
    self.init(client: AlgoliaSearchClient(appID: appID, apiKey: apiKey), indexName: indexName, query: query)
  }

  /// The query text. Changing it resets the page and tells ``onQueryChanged(_:)`` listeners; it does not
  /// search by itself.
  public var query: String? {
    get { request.query }
    set { request.query = newValue }
  }

  /// Sets the query text (see ``query``).
  public func setQuery(_ text: String?) {
    query = text
  }

  /// Replaces the filters ANDed with the request's own, as a connected FilterState does. Resets the page
  /// and searches (once per main-actor turn) when they differ.
  public func setFilters(_ newFilters: Filters) {
    guard newFilters != filters else { return }
    filters = newFilters
    request.page = 0
    searchThisTurn()
  }

  /// The queries the next search sends, the main one first.
  public var plan: SearchPlan {
    SearchPlan(
      indexName: indexName, query: request, filters: filters, rangeAttributes: rangeAttributes,
      hierarchical: hierarchicalFaceting, disjunctiveFaceting: isDisjunctiveFacetingEnabled)
  }

  /// Sends the current request now, cancelling a scheduled one. A searcher of a ``MultiSearcher`` sends it
  /// with its siblings' in one request.
  public func search() {
    if let composite {
      composite.search()
      return
    }
    guard let plan = prepareSearch() else { return }
    let client = self.client
    send(plan) { try await client.search(plan.queries, strategy: .none) }
  }

  /// The plan of a search starting now (a scheduled one is cancelled), or `nil` when ``shouldSearch``
  /// refuses it.
  func prepareSearch() -> SearchPlan? {
    debounce?.cancel()
    debounce = nil
    loop.dropTurn()
    if let shouldSearch, !shouldSearch(request) { return nil }
    return plan
  }

  /// Sends `plan`, answered by `answer` (the responses of its queries, in order).
  func send(_ plan: SearchPlan, answer: @escaping @Sendable () async throws -> [SearchResponse]) {
    loop.send(queries: plan.queries) { try plan.merge(try await answer()) }
  }

  /// Searches after ``debounceDelay`` without another call; each call restarts the wait.
  public func scheduleSearch() {
    debounce?.cancel()
    let delay = debounceDelay
    let clock = self.clock
    debounce = Task { [weak self] in
      do {
        try await clock.sleep(delay)
      } catch {
        return
      }
      self?.search()
    }
  }

  /// Cancels scheduled and in-flight searches. Nothing is reported for them.
  public func cancel() {
    debounce?.cancel()
    debounce = nil
    loop.cancel()
  }

  /// Waits until a scheduled search (debounced, or coming at the end of this turn) has been sent.
  public func waitForScheduledSearch() async {
    await debounce?.value
    await loop.waitForTurn()
  }

  /// Waits until every search sent so far has been answered and delivered, or dropped.
  public func waitForResults() async {
    await waitForScheduledSearch()
    await loop.waitForAnswers()
  }

  /// Searches once at the end of the current main-actor turn, however many changes happen in it.
  func searchThisTurn() {
    loop.atEndOfTurn { [weak self] in self?.search() }
  }
}

/// The former name of ``HitsSearcher``.
@available(*, deprecated, renamed: "HitsSearcher")
public typealias SingleIndexSearcher = HitsSearcher
