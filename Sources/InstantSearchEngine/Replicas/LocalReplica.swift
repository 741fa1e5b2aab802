import InstantSearchModel

/// A replica of a ``LocalIndex``: the primary's records with a ranking of its own — sorted by price, by
/// date, or relevantly sorted (a virtual replica). Declared in the primary's settings
/// (`replicas: ["products_price_asc", "virtual(products_relevant)"]`) and reached with
/// ``LocalIndex/replica(named:)`` or by name through ``LocalSearchClient``.
///
/// A replica starts with its primary's settings and takes its own with ``setSettings(_:)`` — typically a
/// `ranking` headed by `asc(price)` (standard) or a `customRanking` (virtual). It follows every write to
/// the primary at once, because it reads the primary's current segments: nothing is copied but each
/// segment's rank permutation (two 32-bit numbers per record), computed the first time a segment is
/// searched through the replica. It has no write methods: records change through the primary, as on
/// Algolia's service, which refuses writes to a replica.
///
/// ```swift
/// var settings = IndexSettings()
/// settings.replicas = [.init(name: "products_price_asc")]
/// let products = LocalIndex(name: "products", settings: settings)
/// var byPrice = products.settings
/// byPrice.ranking = ["asc(price)"] + IndexSettings.defaultRanking
/// try products.replica(named: "products_price_asc")?.setSettings(byPrice)
/// ```
public final class LocalReplica: Sendable {
  /// The replica's index name.
  public let name: String
  /// Whether it is a virtual replica (Relevant Sort).
  public let isVirtual: Bool
  /// The primary index's name.
  public let primaryName: String
  private let source: Locked<IndexView>
  private let state: Locked<State>
  private let dictionaryBox = Locked<LanguageDictionaries?>(nil)

  /// The application's dictionaries, shared with the primary (see ``LocalIndex/dictionaries``).
  public internal(set) var dictionaries: LanguageDictionaries? {
    get { dictionaryBox.withLock { $0 } }
    set { dictionaryBox.withLock { $0 = newValue } }
  }

  private struct State {
    /// The settings set on the replica (their indexing part always follows the primary's).
    var settings: IndexSettings
    /// The last primary view read and the view derived from it.
    var derived: (source: IndexView, view: IndexView)?
    /// Each primary snapshot's reranked form, for the snapshots of the last view read.
    var snapshots: [ObjectIdentifier: (base: IndexSnapshot, reranked: IndexSnapshot)] = [:]
  }

  /// A replica reading `source`, the primary's current view, starting with `settings`.
  init(_ replica: IndexSettings.Replica, primaryName: String, source: Locked<IndexView>, settings: IndexSettings) {
    name = replica.name
    isVirtual = replica.isVirtual
    self.primaryName = primaryName
    self.source = source
    state = Locked(State(settings: settings))
  }

  /// The settings searches use: the replica's own, with the primary's searchable and faceting attributes,
  /// `primary` set and no replicas.
  public var settings: IndexSettings { view.settings }

  /// The number of records (the primary's).
  public var recordCount: Int { view.recordCount }

  /// Replaces the replica's settings; its searches use them at once.
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` when they declare replicas, or searchable or faceting
  ///   attributes other than the primary's: a replica reads the primary's index structures, so those are
  ///   set on the primary (and followed by every replica).
  public func setSettings(_ settings: IndexSettings) throws(EngineError) {
    try Self.check(settings, replica: name, primaryName: primaryName, primary: source.withLock { $0.settings })
    state.withLock { state in
      state.settings = settings
      state.derived = nil
      state.snapshots = [:]
    }
  }

  /// Throws what ``setSettings(_:)`` throws for `settings` on replica `replica` of a primary with
  /// `primary` settings.
  static func check(_ settings: IndexSettings, replica: String, primaryName: String, primary: IndexSettings)
    throws(EngineError)
  {
    guard settings.replicas.isEmpty else {
      throw .invalidSettings("replicas: \(replica) is a replica of \(primaryName) and cannot have replicas")
    }
    guard settings.sharesIndexStructures(with: primary) else {
      throw .invalidSettings(
        "searchableAttributes and attributesForFaceting of replica \(replica) must be those of \(primaryName): "
          + "set them on the primary")
    }
  }

  /// Answers a search query with the replica's ranking.
  ///
  /// - Throws: ``EngineError`` for invalid filters or parameter values (a `relevancyStrictness` outside
  ///   0–100).
  public func search(_ query: Query) throws(EngineError) -> SearchResponse {
    try search(query, parallelism: .callerOnly)
  }

  /// Answers a search query with the replica's ranking, with parts of the work on the side thread of
  /// `parallelism` when it has one (the answer is the same either way).
  ///
  /// - Throws: ``EngineError`` as ``search(_:)`` does.
  public func search(_ query: Query, parallelism: SearchParallelism) throws(EngineError) -> SearchResponse {
    try ViewSearch.respond(to: query, in: view, parallelism: parallelism, dictionaries: dictionaries)
  }

  /// ``search(_:parallelism:)`` for a searcher who may see the index's `unretrievableAttributes` (see
  /// ``LocalIndex/search(_:parallelism:seesUnretrievableAttributes:)``).
  ///
  /// - Throws: ``EngineError`` as ``search(_:)`` does.
  public func search(
    _ query: Query, parallelism: SearchParallelism, seesUnretrievableAttributes: Bool
  ) throws(EngineError) -> SearchResponse {
    try search(query, parallelism: parallelism, seesUnretrievableAttributes: seesUnretrievableAttributes, as: .objects)
  }

  /// ``search(_:parallelism:seesUnretrievableAttributes:)`` with the hits in `form`: as objects, or as the
  /// JSON text a server writes out (``SearchResponse/hitsText``).
  package func search(
    _ query: Query, parallelism: SearchParallelism, seesUnretrievableAttributes: Bool, as form: HitForm
  ) throws(EngineError) -> SearchResponse {
    try ViewSearch.respond(
      to: query, in: view, parallelism: parallelism, seesUnretrievableAttributes: seesUnretrievableAttributes,
      dictionaries: dictionaries, writesHitText: form == .text)
  }

  /// Searches the values of a `searchable(…)` facet.
  public func searchForFacetValues(
    attribute: String, facetQuery: String, query: Query = Query(), maxFacetHits: Int? = nil
  ) throws(EngineError) -> FacetSearchResponse {
    var search = ViewSearch(view: view, query: query)
    search.dictionaries = dictionaries
    return try search.searchFacetValues(attribute: attribute, facetQuery: facetQuery, maxFacetHits: maxFacetHits)
  }

  /// The record with `objectID` (the primary's).
  public func record(objectID: String) -> [String: JSON]? {
    view.record(objectID: objectID)
  }

  /// The primary's current view with the replica's settings and ranking; derived again only when the
  /// primary's view changed, and then only for the segments not seen before.
  var view: IndexView {
    let base = source.withLock { $0 }
    return state.withLock { state in
      if let derived = state.derived, derived.source === base { return derived.view }
      var settings = state.settings
      settings.searchableAttributes = base.settings.searchableAttributes
      settings.attributesForFaceting = base.settings.attributesForFaceting
      settings.replicas = []
      settings.primary = primaryName
      var snapshots: [ObjectIdentifier: (base: IndexSnapshot, reranked: IndexSnapshot)] = [:]
      let segments = base.segments.map { segment in
        let key = ObjectIdentifier(segment.snapshot)
        let reranked =
          state.snapshots[key]?.reranked
          ?? segment.snapshot.reranked(name: name, settings: settings, isVirtualReplica: isVirtual)
        snapshots[key] = (segment.snapshot, reranked)
        return segment.replacingSnapshot(reranked)
      }
      let view = IndexView(name: name, settings: settings, segments: segments, nextSequence: base.nextSequence)
      state.snapshots = snapshots
      state.derived = (base, view)
      return view
    }
  }
}
