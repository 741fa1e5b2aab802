import Observation

/// Searches several indices in one request: hits searchers and facet searchers added to it send their
/// queries together, as one multi-query (Algolia's `POST /1/indexes/*/queries`).
///
/// ```swift
/// let multiSearcher = MultiSearcher(client: client)
/// let products = multiSearcher.addHitsSearcher(indexName: "products")
/// let suggestions = multiSearcher.addHitsSearcher(indexName: "products_query_suggestions")
/// SearchBoxConnector(searcher: products, controller: searchBox)   // the suggestions follow the query
/// multiSearcher.search()
/// ```
///
/// - A child's `search()` (a widget's, a debounced one) searches with every sibling: each round is one
///   request with every hits searcher's queries, in the order they were added. A facet searcher's request
///   goes beside it, in the same round (the client protocol has no facet queries in a multi-query).
/// - A new round cancels the one in flight for every child at once: an older round's answers are dropped
///   for all its children, and the newest round's are delivered to each (each child also drops an answer
///   older than one it has delivered, as a lone searcher does).
/// - When the request fails, each child's queries are sent again alone, so each child reports its own
///   error (an invalid filter on one index) and the others their results.
/// - With ``sharesQuery`` (the default), the hits searchers keep one query text: setting it on one (a
///   search box connected to it) sets it on all.
/// - The multi-searcher owns its children; keep it as long as they are used (a child whose multi-searcher
///   is gone searches alone).
@MainActor
@Observable
public final class MultiSearcher {
  /// The backend every child searches.
  public let client: any SearchClient
  /// The hits searchers, in the order their queries are sent. The multi-searcher owns its children: keep
  /// it for as long as they search (a child does not keep it).
  public private(set) var hitsSearchers: [HitsSearcher] = []
  /// The facet searchers.
  public private(set) var facetSearchers: [FacetSearcher] = []
  /// Whether the hits searchers keep one query text.
  public var sharesQuery = true

  @ObservationIgnored private var round: Task<[Result<[SearchResponse], any Error>], Never>?
  @ObservationIgnored private var tokens: [SubscriptionToken] = []
  @ObservationIgnored private var queryListeners = ListenerList<String?>()

  /// Creates a multi-searcher on any backend.
  public init(client: any SearchClient) {
    self.client = client
  }

  /// Creates a multi-searcher on the Algolia service.
  public convenience init(appID: String, apiKey: String) {
    self.init(client: AlgoliaSearchClient(appID: appID, apiKey: apiKey))
  }

  /// Adds a searcher of `indexName`'s hits and returns it (connect widgets to it as to any searcher).
  @discardableResult
  public func addHitsSearcher(indexName: String, query: Query = Query()) -> HitsSearcher {
    let searcher = HitsSearcher(client: client, indexName: indexName, query: query)
    searcher.composite = self
    hitsSearchers.append(searcher)
    tokens.append(
      searcher.onQueryChanged { [weak self, weak searcher] text in
        guard let self else { return }
        // The multi-searcher's query is its first hits searcher's: its listeners hear that one change.
        if searcher === self.hitsSearchers.first {
          for listener in self.queryListeners.activeListeners() { listener.handler(text) }
        }
        guard self.sharesQuery else { return }
        for other in self.hitsSearchers where other !== searcher && other.query != text { other.query = text }
      })
    return searcher
  }

  /// Calls `handler` with the new query text (``query``, the first hits searcher's) whenever it changes,
  /// however it was set: on the multi-searcher, or on a child (with ``sharesQuery``, every child follows).
  public func onQueryChanged(_ handler: @escaping @MainActor (String?) -> Void) -> SubscriptionToken {
    queryListeners.add(handler) { [weak self] id in self?.queryListeners.remove(id: id) }
  }

  /// Adds a searcher of `attribute`'s values in `indexName` and returns it.
  @discardableResult
  public func addFacetsSearcher(indexName: String, attribute: Attribute, facetQuery: String = "") -> FacetSearcher {
    let searcher = FacetSearcher(client: client, indexName: indexName, attribute: attribute, query: facetQuery)
    searcher.composite = self
    facetSearchers.append(searcher)
    return searcher
  }

  /// The hits searchers' query text (the first's); setting it sets every hits searcher's.
  public var query: String? {
    get { hitsSearchers.first?.query }
    set {
      for searcher in hitsSearchers where searcher.query != newValue { searcher.query = newValue }
    }
  }

  /// Sets the query text of every hits searcher (see ``query``).
  public func setQuery(_ text: String?) {
    query = text
  }

  /// Sends every child's current request now, the hits searchers' as one request; the round in flight,
  /// if any, is cancelled.
  public func search() {
    round?.cancel()
    let planned = hitsSearchers.compactMap { searcher in searcher.prepareSearch().map { (searcher, $0) } }
    let groups = planned.map(\.1.queries)
    let client = self.client
    let round = Task { await Self.answers(groups, client: client) }
    self.round = round
    for (index, (searcher, plan)) in planned.enumerated() {
      searcher.send(plan) {
        let answers = await withTaskCancellationHandler {
          await round.value
        } onCancel: {
        }
        try Task.checkCancellation()
        return try answers[index].get()
      }
    }
    for searcher in facetSearchers { searcher.searchAlone() }
  }

  /// Waits until every child's searches sent so far have been answered and delivered, or dropped.
  public func waitForResults() async {
    for searcher in hitsSearchers { await searcher.waitForResults() }
    for searcher in facetSearchers { await searcher.waitForResults() }
  }

  /// The responses of each group of queries: one request for all of them; when it fails, each group alone,
  /// so that each gets its own error or its responses.
  nonisolated static func answers(_ groups: [[IndexedQuery]], client: any SearchClient) async
    -> [Result<[SearchResponse], any Error>]
  {
    let all = groups.flatMap { $0 }
    guard !all.isEmpty else { return groups.map { _ in .success([]) } }
    do {
      let responses = try await client.search(all, strategy: .none)
      guard responses.count == all.count else {
        let error = SearchError.responseCountMismatch(expected: all.count, received: responses.count)
        return groups.map { _ in .failure(error) }
      }
      var results: [Result<[SearchResponse], any Error>] = []
      var start = 0
      for group in groups {
        results.append(.success(Array(responses[start..<start + group.count])))
        start += group.count
      }
      return results
    } catch {
      if error is CancellationError || groups.count == 1 { return groups.map { _ in .failure(error) } }
    }
    var results: [Result<[SearchResponse], any Error>] = []
    for group in groups {
      do {
        results.append(.success(try await client.search(group, strategy: .none)))
      } catch {
        results.append(.failure(error))
      }
    }
    return results
  }
}
