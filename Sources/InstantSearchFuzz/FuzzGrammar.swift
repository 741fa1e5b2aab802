import InstantSearchModel

/// Requests and settings built from the grammar of Algolia's parameters rather than mutated bytes: every
/// parameter of ``Query`` and of the index settings, each given values of its own kind and of the others,
/// with the boundary values a conversion can trip on — NaN, ±inf, ±1e300, −1, 0, the edges of `Int64`,
/// 2⁵³ ± 1, fractions, huge strings — as JSON members and inside a `params` string.
struct FuzzGrammar {
  /// The value kinds a parameter takes.
  enum Kind {
    case integer, number, boolean, text, list, clauses, numberLists, latLng, radius, typo, filterText, distinct
    /// Characters for the tokenization settings, and `customNormalization`'s object.
    case characters, normalization
    /// `ignorePlurals` and `removeStopWords`: a boolean or languages.
    case languages
    /// `decompoundedAttributes`: languages to attribute lists.
    case decompounded
  }

  /// Every search parameter ``Query`` reads, with its kind.
  static let queryParameters: [(String, Kind)] = [
    ("query", .text), ("filters", .filterText), ("facets", .list), ("facetFilters", .clauses),
    ("numericFilters", .clauses), ("tagFilters", .clauses), ("optionalFilters", .clauses),
    ("sumOrFiltersScores", .boolean), ("page", .integer), ("hitsPerPage", .integer), ("maxValuesPerFacet", .integer),
    ("sortFacetValuesBy", .text), ("attributesToRetrieve", .list), ("attributesToHighlight", .list),
    ("aroundLatLng", .latLng), ("aroundRadius", .radius), ("aroundPrecision", .integer),
    ("insideBoundingBox", .numberLists), ("insidePolygon", .numberLists), ("getRankingInfo", .boolean),
    ("synonyms", .boolean), ("enableRules", .boolean), ("ruleContexts", .list), ("distinct", .distinct),
    ("facetingAfterDistinct", .boolean), ("attributesToSnippet", .list), ("snippetEllipsisText", .text),
    ("highlightPreTag", .text), ("highlightPostTag", .text), ("typoTolerance", .typo), ("analytics", .boolean),
    ("clickAnalytics", .boolean), ("userToken", .text), ("analyticsTags", .list), ("relevancyStrictness", .integer),
    ("maxFacetHits", .integer), ("offset", .integer), ("length", .integer), ("minimumAroundRadius", .integer),
    ("queryType", .text), ("minWordSizefor1Typo", .integer), ("minWordSizefor2Typos", .integer),
    ("restrictSearchableAttributes", .list), ("advancedSyntax", .boolean), ("advancedSyntaxFeatures", .list),
    ("optionalWords", .list), ("removeWordsIfNoResults", .text), ("responseFields", .list),
    ("minProximity", .integer), ("allowTyposOnNumericTokens", .boolean), ("exactOnSingleWordQuery", .text),
    ("restrictHighlightAndSnippetArrays", .boolean), ("disableTypoToleranceOnAttributes", .list),
    ("disableExactOnAttributes", .list), ("alternativesAsExact", .list),
    ("attributeCriteriaComputedByMinProximity", .boolean), ("replaceSynonymsInHighlight", .boolean),
    ("ignorePlurals", .languages), ("removeStopWords", .languages), ("queryLanguages", .list),
    ("decompoundQuery", .boolean), ("naturalLanguages", .list),
  ]

  /// Every index setting the engine reads, with its kind.
  static let settingParameters: [(String, Kind)] = [
    ("hitsPerPage", .integer), ("maxValuesPerFacet", .integer), ("minWordSizefor1Typo", .integer),
    ("minWordSizefor2Typos", .integer), ("paginationLimitedTo", .integer), ("relevancyStrictness", .integer),
    ("attributeForDistinct", .text), ("highlightPreTag", .text), ("highlightPostTag", .text), ("queryType", .text),
    ("snippetEllipsisText", .text), ("attributesForFaceting", .list), ("attributesToHighlight", .list),
    ("attributesToRetrieve", .list), ("attributesToSnippet", .list), ("customRanking", .list), ("ranking", .list),
    ("searchableAttributes", .list), ("unretrievableAttributes", .list), ("distinct", .distinct),
    ("typoTolerance", .typo), ("replicas", .list), ("disableTypoToleranceOnWords", .list), ("maxFacetHits", .integer),
    ("numericAttributesForFiltering", .list), ("disablePrefixOnAttributes", .list),
    ("separatorsToIndex", .characters), ("keepDiacriticsOnCharacters", .characters),
    ("customNormalization", .normalization), ("camelCaseAttributes", .list), ("indexLanguages", .list),
    ("ignorePlurals", .languages), ("removeStopWords", .languages), ("queryLanguages", .list),
    ("decompoundedAttributes", .decompounded), ("attributesToTransliterate", .list),
  ]

  /// Numbers at the edges of every conversion: as JSON numbers.
  static let boundaryNumbers: [Double] = [
    0, -1, 1, 2.5, -0.5, 1e300, -1e300, 1e15, -1e15, 9_007_199_254_740_991, 9_007_199_254_740_992,
    9_007_199_254_740_994,
    9.223372036854775808e18, -9.223372036854775808e18, 1.8446744073709552e19, 4_294_967_296, 2_147_483_648, 1000,
    1001, 90.000001, -180.5, 360,
  ]

  /// Numbers as text (strings in JSON, or in a `params` string): what JSON cannot hold, too.
  static let boundaryTexts: [String] = [
    "NaN", "nan", "inf", "-inf", "Infinity", "-Infinity", "1e999", "-1e999", "9223372036854775807",
    "9223372036854775808", "-9223372036854775809", "18446744073709551616", "9007199254740993", "0x10", "1_000",
    " 7 ", "", "-0", "1e300", "2.5", "all",
  ]

  private var random: SplitMix64

  init(seed: UInt64) {
    random = SplitMix64(seed: seed)
  }

  /// A search body: one to six parameters, some as members and some in a `params` string (with a query
  /// that matches most of the time, so that the parameters reach ranking, facets and hits).
  mutating func queryObject() -> [String: JSON] {
    var object: [String: JSON] = ["query": random.next(below: 3) == 0 ? "" : "phone", "facets": ["brand", "tags"]]
    var params: [String] = []
    for _ in 0..<(1 + random.next(below: 6)) {
      let (name, kind) = Self.queryParameters[random.next(below: Self.queryParameters.count)]
      if random.next(below: 4) == 0 {
        params.append(name + "=" + Self.percentEncoded(text(for: kind)))
      } else {
        object[name] = value(for: random.next(below: 5) == 0 ? Self.anyKind(&random) : kind)
      }
    }
    if !params.isEmpty { object["params"] = .string(params.joined(separator: "&")) }
    return object
  }

  /// Settings: one to four of them.
  mutating func settingsObject() -> [String: JSON] {
    var object: [String: JSON] = [:]
    for _ in 0..<(1 + random.next(below: 4)) {
      let (name, kind) = Self.settingParameters[random.next(below: Self.settingParameters.count)]
      object[name] = value(for: random.next(below: 5) == 0 ? Self.anyKind(&random) : kind)
    }
    return object
  }

  private static func anyKind(_ random: inout SplitMix64) -> Kind {
    let kinds: [Kind] = [.integer, .number, .boolean, .text, .list, .clauses, .numberLists, .latLng, .radius]
    return kinds[random.next(below: kinds.count)]
  }

  /// A JSON value for a parameter of `kind`: mostly boundary values, sometimes the wrong type.
  mutating func value(for kind: Kind) -> JSON {
    switch kind {
    case .integer, .number, .distinct:
      switch random.next(below: 6) {
      case 0: return .string(pick(Self.boundaryTexts))
      case 1: return .bool(random.next(below: 2) == 0)
      case 2, 3: return .number(pick(Self.boundaryNumbers))
      default: return .number(pick([0, 1, 2, 3, 10, 20, 100, 1000]))
      }
    case .boolean:
      return [.bool(true), .string("false"), .number(pick(Self.boundaryNumbers)), .null][random.next(below: 4)]
    case .text, .filterText, .latLng, .radius, .typo, .characters: return .string(text(for: kind))
    case .languages:
      let values: [JSON] = [
        true, false, "true", ["en"], ["fr", "de", "xx"], "en,fr", [1], .array((0..<101).map { .string("l\($0)") }), 7,
        ["ru", "pl"], ["el", "fa", "ga"],
      ]
      return pick(values)
    case .normalization:
      let sets: [JSON] = [
        ["default": ["ä": "ae", "ß": "ss"]], ["default": ["ab": "c"]], ["default": ["é": "eee"]], ["fr": ["é": "e"]],
        ["default": ["ä": 1]],
        ["default": .object(Dictionary(uniqueKeysWithValues: (0..<1_001).map { ("\($0)", "x") }))],
        .string("ä"), .array([]),
      ]
      return pick(sets)
    case .decompounded:
      let values: [JSON] = [
        ["de": ["name"]], ["de": ["name"], "sv": ["name", "description"]], ["fi": ["name"]], ["de": []], ["de": "x"],
        ["de": [""]], "de", ["nl": .array((0..<1_001).map { .string("a\($0)") })],
      ]
      return pick(values)
    case .list: return .array((0..<count()).map { _ in .string(text(for: .text)) })
    case .clauses:
      return .array(
        (0..<count()).map { _ in
          random.next(below: 2) == 0
            ? .string("brand:\(text(for: .text))") : .array([.string("brand:b1"), .string(text(for: .filterText))])
        })
    case .numberLists:
      return .array(
        (0..<(1 + random.next(below: 3))).map { _ in
          .array(
            (0..<[4, 6, 3, 8][random.next(below: 4)]).map { _ in
              .number(random.next(below: 2) == 0 ? pick(Self.boundaryNumbers) : pick([0, 1, 45.5, -45.5, 89.9, 179.9]))
            })
        })
    }
  }

  /// A parameter of `kind` as text (a `params` value, or a string member).
  mutating func text(for kind: Kind) -> String {
    switch kind {
    case .latLng: return "\(pick(Self.boundaryTexts)),\(pick(Self.boundaryTexts))"
    case .numberLists: return (0..<4).map { _ in pick(Self.boundaryTexts) }.joined(separator: ",")
    case .typo: return ["true", "false", "min", "strict", "nan", ""][random.next(below: 6)]
    case .characters:
      return ["+#", "@", "é", "øé", "a", "$", " ", "É", "e\u{301}", Self.hashes, ""][random.next(below: 11)]
    case .filterText:
      return ["price > \(pick(Self.boundaryTexts))", "price:\(pick(Self.boundaryTexts)) TO 1", "a:b"][
        random.next(below: 3)]
    default:
      switch random.next(below: 9) {
      case 0: return Self.accentRuns[random.next(below: 2)]
      case 1, 2: return pick(Self.boundaryTexts)
      case 3:
        // Text the segmenter, the language foldings and decompounding read: short, and a run past the
        // segmenter's chunk.
        let words = Self.languageWords
        return random.next(below: 4) == 0
          ? Self.languageRuns[random.next(below: words.count)] : pick(words) + " " + pick(words)
      default:
        return ["phone", "b1", "name", "*", "<em>", "brand", "desc(rating)", "x.y.z", "ja"][random.next(below: 9)]
      }
    }
  }

  /// Words the segmenter, the language foldings and decompounding read.
  static let languageWords = [
    "无线蓝牙耳机", "資訊科技", "ワイヤレスﾃﾞﾝｷ", "หูฟังไร้สาย", "Kopfhörerkabel", "Smørrebrød", "めざましどけい",
    "目覚まし時計", "かばんサイフ", "столами", "książek", "λόγων", "سلولها",
  ]
  // The long values, made once: `String(repeating:count:)` on every input was most of the fuzzer's time.
  /// Each word 2,000 times: a run past the segmenter's chunk.
  static let languageRuns = languageWords.map { String(repeating: $0, count: 2_000) }
  /// `é` 600 and 70,000 times.
  static let accentRuns = [String(repeating: "é", count: 600), String(repeating: "é", count: 70_000)]
  /// `#` 600 times.
  static let hashes = String(repeating: "#", count: 600)

  private mutating func count() -> Int {
    random.next(below: 10) == 0 ? 1_001 + random.next(below: 50) : random.next(below: 5)
  }

  private mutating func pick<T>(_ values: [T]) -> T { values[random.next(below: values.count)] }

  /// `text` encoded for a `params` string (its `%`, `&`, `=` and non-ASCII bytes).
  static func percentEncoded(_ text: String) -> String {
    var output = ""
    for byte in text.utf8 {
      if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
        || [0x2D, 0x2E, 0x5F, 0x2C].contains(byte)
      {
        output.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        output += "%" + String(byte, radix: 16, uppercase: true).leftPadded
      }
    }
    return output
  }
}

extension String {
  /// Two hex digits.
  fileprivate var leftPadded: String { count == 1 ? "0" + self : self }
}
