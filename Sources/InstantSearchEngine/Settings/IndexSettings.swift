import InstantSearchModel

/// The settings of a ``LocalIndex``, read from Algolia's settings JSON. Every setting has a fate
/// (``settingFates``): applied, applied as the default of a search parameter, stored with no effect, or
/// refused; a name that is not one of Algolia's is refused (`Invalid object attributes: X`).
public struct IndexSettings: Hashable, Sendable {
  /// Searchable attributes, best first. Entries with the same priority share an index (`"a,b"`).
  public var searchableAttributes: [SearchableAttribute]
  /// Attributes usable in facet filters and facet counts.
  public var attributesForFaceting: [FacetingAttribute]
  /// Custom ranking criteria, applied after the textual criteria.
  public var customRanking: [CustomRankingCriterion]
  /// The ranking formula (Algolia's criteria names): `asc(attr)`/`desc(attr)` entries first sort every
  /// match by that attribute (a sort-by replica, see ``sortCriteria``); the textual criteria follow in
  /// Algolia's default order (``defaultRanking``), where `geo`, `filters` and `custom` may be left out
  /// (that criterion then does not rank). Any other order is refused when the settings are read.
  public var ranking: [String] {
    didSet { rankingRefusal = Self.rankingRefusal(of: ranking) }
  }
  /// Why ``ranking`` is not applied, kept with it: searches are refused with this message until the ranking
  /// is set again. Set for a ranking assigned through the Swift API (``ranking`` is a plain property), and
  /// for settings read from an index directory written when such a ranking was accepted (see
  /// `init(json:stored:)`); `nil` for every ranking read through ``init(json:)``, which refuses such a
  /// ranking at once.
  public internal(set) var rankingRefusal: String?
  /// The replicas of this index, kept in step with it on every write (see ``Replica``).
  public var replicas: [Replica]
  /// The primary index, in a replica's settings (set by the engine; read-only on Algolia's service).
  public var primary: String?
  /// On a virtual replica: the default Relevant Sort strictness, 0–100 (`nil`: 100).
  public var relevancyStrictness: Int?
  /// Typo tolerance.
  public var typoTolerance: TypoToleranceSetting
  /// Minimum word length for one typo (4).
  public var minWordSizefor1Typo: Int
  /// Minimum word length for two typos (8).
  public var minWordSizefor2Typos: Int
  /// Which query words match as prefixes.
  public var queryType: QueryType
  /// Hits per page (20).
  public var hitsPerPage: Int
  /// Values returned per facet (100).
  public var maxValuesPerFacet: Int
  /// The highest position a hit can be reached at (1000).
  public var paginationLimitedTo: Int
  /// Query words that never match with typos (folded as query words are; `[]` by default).
  public var disableTypoToleranceOnWords: [String] = []
  /// How many values a search for facet values returns when the request does not say (10; 1–100).
  public var maxFacetHits: Int = 10
  /// The numeric attributes filters may compare (`price`, or `equalOnly(stock)` for `=` and `!=` only), as
  /// given; `nil` or empty: every numeric attribute, with every operator. See
  /// ``allowsNumericFilter(on:equality:)``.
  public var numericAttributesForFiltering: [String]?
  /// Searchable attributes in which a prefix query word (the word being typed) matches only whole words:
  /// `"phon"` matches "phone" there only as a typo, if at all (`[]` by default).
  public var disablePrefixOnAttributes: [String] = []
  /// The languages of the records (ISO 639-1 codes; `nil`: never set): the languages of `ignorePlurals`
  /// and `removeStopWords` when a search gives neither a list nor `queryLanguages`.
  public var indexLanguages: [String]?
  /// `decompoundedAttributes`: per language (`da`, `de`, `nl`, `no`, `sv`), the attributes whose compound
  /// words are found by their parts (`{"de": ["name"]}`: "Kopfhörer" found by `hörer`); `nil`: never set.
  /// Set through ``setDecompoundedAttributes(_:)``, which checks it; see `IndexSettings+Decompounding.swift`.
  public internal(set) var decompoundedAttributes: [String: [String]]?
  /// `attributesToTransliterate`: the attributes whose Japanese words a query finds in another of
  /// Japanese's writing systems (`nil`: never set, Algolia's `["*"]`, every searchable attribute); applied
  /// only when `indexLanguages` has `ja`. Set through ``setAttributesToTransliterate(_:)``, which checks it;
  /// see `IndexSettings+Transliteration.swift`.
  public internal(set) var attributesToTransliterate: [String]?
  /// `separatorsToIndex` as given (`nil`: never set, Algolia's `""`): the characters indexed as words of
  /// their own. Set through ``setTokenization(separatorsToIndex:keepDiacriticsOnCharacters:customNormalization:camelCaseAttributes:)``,
  /// which checks it; see `IndexSettings+Tokenization.swift`.
  public internal(set) var separatorsToIndex: String?
  /// `keepDiacriticsOnCharacters` as given (`nil`: never set): lower-case characters that keep their
  /// diacritics when words are folded.
  public internal(set) var keepDiacriticsOnCharacters: String?
  /// `customNormalization` as given (`nil`: never set): under `default`, single characters and what they
  /// fold to (at most two characters).
  public internal(set) var customNormalization: [String: [String: String]]?
  /// `camelCaseAttributes` as given (`nil`: never set): attributes whose camel-case words are split.
  public internal(set) var camelCaseAttributes: [String]?
  /// How records and queries are cut into words and folded, made of the four settings above.
  var textAnalysis = TextAnalysis.standard {
    didSet { synonymTable = SynonymTable(synonymTable.entries, analysis: textAnalysis) }
  }
  /// Attributes returned in hits (`nil`: all).
  public var attributesToRetrieve: [String]?
  /// Attributes never returned.
  public var unretrievableAttributes: [String]
  /// Attributes highlighted (`nil`: the searchable ones).
  public var attributesToHighlight: [String]?
  /// The attribute whose value groups records for ``distinct`` (`nil`: no grouping).
  public var attributeForDistinct: String?
  /// How many records of each group a search keeps: 0 (off) to 4; `true` is 1.
  public var distinct: Int
  /// Attributes snippeted (`"attr"` or `"attr:N"` words; `nil`: none).
  public var attributesToSnippet: [String]?
  /// Text that marks where a snippet cuts its attribute (`…`).
  public var snippetEllipsisText: String
  /// Text before a highlighted part.
  public var highlightPreTag: String
  /// Text after a highlighted part.
  public var highlightPostTag: String
  /// How results should be shown (facet and value order), returned with every response.
  public var renderingContent: RenderingContent?
  /// The index's query rules, in order. Not part of Algolia's settings object (rules have endpoints of
  /// their own): ``jsonObject`` leaves them out, ``storedJSONObject`` (what an index directory keeps)
  /// holds them under `rules`.
  public var rules: [QueryRule]
  /// The index's synonyms, in order; kept like ``rules`` (under `synonyms` in ``storedJSONObject``).
  public var synonyms: [Synonym] {
    get { synonymTable.entries }
    set { synonymTable = SynonymTable(newValue, analysis: textAnalysis) }
  }
  /// The synonyms as query words look them up.
  private(set) var synonymTable = SynonymTable([])
  /// The settings without a typed property, exactly as given (see ``settingFates``): returned by
  /// ``jsonObject`` as they came.
  public internal(set) var additionalSettings: [String: JSON] = [:]
  /// The search parameters this index sets for every search (`advancedSyntax`, `sortFacetValuesBy`,
  /// `enableRules`…), as given: a search that does not give one takes the index's.
  public internal(set) var queryDefaults: [String: JSON] = [:]
  /// `typoTolerance` as given when it was a string (`"false"` stays one), while it still says what
  /// ``typoTolerance`` holds.
  var givenTypoTolerance: JSON?

  /// Algolia's default ranking formula.
  public static let defaultRanking = ["typo", "geo", "words", "filters", "proximity", "attribute", "exact", "custom"]

  /// The largest `paginationLimitedTo` Algolia accepts: 20,000.
  public static let maximumPaginationLimit = 20_000

  /// The longest highlight tag, in UTF-8 bytes, in settings or a query: 512, Algolia's limit on one
  /// parameter value. Each tag is written twice per highlighted word, so an unbounded tag would multiply
  /// the size of every response.
  public static let maximumTagBytes = 512

  /// ``paginationLimitedTo`` within `0...20_000`, as searches use it: settings built in code may hold any
  /// integer, decoded settings are checked.
  var reachablePositions: Int { min(max(paginationLimitedTo, 0), Self.maximumPaginationLimit) }

  /// Default settings.
  public init() {
    searchableAttributes = []
    attributesForFaceting = []
    customRanking = []
    ranking = Self.defaultRanking
    replicas = []
    primary = nil
    relevancyStrictness = nil
    typoTolerance = .enabled
    minWordSizefor1Typo = 4
    minWordSizefor2Typos = 8
    queryType = .prefixLast
    hitsPerPage = 20
    maxValuesPerFacet = 100
    paginationLimitedTo = 1000
    attributesToRetrieve = nil
    unretrievableAttributes = []
    attributesToHighlight = nil
    attributeForDistinct = nil
    distinct = 0
    attributesToSnippet = nil
    snippetEllipsisText = "…"
    highlightPreTag = "<em>"
    highlightPostTag = "</em>"
    renderingContent = nil
    rules = []
  }

  /// A searchable attribute: its path, its priority (0 = best) and whether the position of the match
  /// inside it matters.
  public struct SearchableAttribute: Hashable, Sendable {
    /// The attribute path.
    public var path: String
    /// 0 for the first entry, 1 for the next, …; attributes written `"a,b"` share one.
    public var priority: Int
    /// `false` for `unordered(attr)`.
    public var isOrdered: Bool
  }

  /// An attribute declared for faceting.
  public struct FacetingAttribute: Hashable, Sendable {
    /// The attribute path.
    public var path: String
    /// `filterOnly(attr)`: usable in filters, never counted.
    public var isFilterOnly: Bool
    /// `searchable(attr)`: its values can be searched (search for facet values).
    public var isSearchable: Bool
    /// `afterDistinct(attr)`: counted over the records distinct keeps.
    public var isAfterDistinct: Bool = false
  }

  /// One custom ranking criterion.
  public struct CustomRankingCriterion: Hashable, Sendable {
    /// The attribute path.
    public var path: String
    /// `true` for `asc(attr)`, `false` for `desc(attr)`.
    public var isAscending: Bool

    /// `asc(path)` when `isAscending`, else `desc(path)`.
    public init(path: String, isAscending: Bool) {
      self.path = path
      self.isAscending = isAscending
    }

    /// The criterion written `asc(attr)` or `desc(attr)`.
    ///
    /// - Throws: ``EngineError/invalidSettings(_:)`` for any other text.
    public init(_ entry: String) throws(EngineError) {
      self = try IndexSettings.customRanking(entry)
    }
  }

  /// Typo tolerance modes.
  public enum TypoToleranceSetting: String, Hashable, Sendable {
    /// Typos allowed by word length.
    case enabled
    /// No typos.
    case disabled
    /// Only hits with the fewest typos.
    case min
    /// Only hits with the fewest typos, and at most one more (Algolia's strict).
    case strict
  }

  /// Prefix matching modes (the query parameter's, `Query.QueryType`).
  public typealias QueryType = Query.QueryType

  /// The faceting declaration of `path`, if any.
  public func faceting(_ path: String) -> FacetingAttribute? {
    // Algolia ignores `objectID` there: it is always filterable (see `FilterPlan`), never counted.
    guard path != "objectID" else { return nil }
    return attributesForFaceting.first { $0.path == path }
  }
}
