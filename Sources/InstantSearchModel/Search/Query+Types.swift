extension Query {
  /// The radius of an around search.
  public enum AroundRadius: Hashable, Sendable {
    /// Records within this many meters.
    case meters(Int)
    /// Every record with a location (ordered by distance).
    case all
  }

  /// Which query words match as prefixes of longer words (Algolia's `queryType`).
  public enum QueryType: String, Hashable, Sendable {
    /// The last word is a prefix: what as-you-type search needs (the default).
    case prefixLast
    /// Every word is a prefix.
    case prefixAll
    /// No word is a prefix: only whole words match.
    case prefixNone
  }

  /// One range of ``aroundPrecisionRanges``: from `from` meters on, distances rank in steps of `value`
  /// meters.
  public struct AroundPrecisionRange: Hashable, Sendable {
    /// The most ranges a query may give.
    public static let maximumCount = 100
    /// The distance the range starts at, in meters.
    public var from: Int
    /// The step of the distances in the range, in meters.
    public var value: Int

    /// A range of steps of `value` meters from `from` meters on.
    public init(from: Int, value: Int) {
      self.from = from
      self.value = value
    }
  }

  /// How facet values are ordered: by decreasing count (Algolia's default) or alphabetically.
  public enum FacetSortOrder: String, Hashable, Sendable, Codable {
    /// By decreasing count.
    case count
    /// Alphabetically.
    case alpha
  }

  /// Typo tolerance: on, off, `min` (only the results with the fewest typos) or `strict`.
  public enum TypoTolerance: Hashable, Sendable {
    /// `true` or `false`.
    case enabled(Bool)
    /// `"min"`
    case min
    /// `"strict"`
    case strict

    /// The JSON value.
    var json: JSON {
      switch self {
      case .enabled(let enabled): .bool(enabled)
      case .min: "min"
      case .strict: "strict"
      }
    }

    /// Reads `true`, `false`, `"min"`, `"strict"` (also `"true"`/`"false"`).
    init?(json: JSON) {
      switch json {
      case .bool(let enabled): self = .enabled(enabled)
      case .string("true"): self = .enabled(true)
      case .string("false"): self = .enabled(false)
      case .string("min"): self = .min
      case .string("strict"): self = .strict
      default: return nil
      }
    }
  }

  /// A feature of the advanced query syntax (``advancedSyntax``).
  public enum AdvancedSyntaxFeature: String, Hashable, Sendable, CaseIterable {
    /// `"words in quotes"` match only as that phrase: consecutive, in order, in one attribute, each word
    /// whole and without typos.
    case exactPhrase
    /// `-word` leaves out the records whose searchable attributes hold the word.
    case excludeWords
  }

  /// A language feature's value (``ignorePlurals``, ``removeStopWords``): on or off, or on for the
  /// languages listed (ISO 639-1 codes), which then win over ``queryLanguages``.
  public enum LanguageSwitch: Hashable, Sendable {
    /// `true` or `false`.
    case enabled(Bool)
    /// A list of languages: on for those.
    case languages([String])

    /// The JSON value.
    public var json: JSON {
      switch self {
      case .enabled(let on): .bool(on)
      case .languages(let codes): .array(codes.map(JSON.string))
      }
    }

    /// Reads `true`, `false` (also as strings), a list of codes, or a comma-separated string of codes (a
    /// `params` string's form); `nil` for anything else.
    public init?(json: JSON) {
      switch json {
      case .bool(let on): self = .enabled(on)
      case .string("true"): self = .enabled(true)
      case .string("false"): self = .enabled(false)
      case .string(let text):
        self = .languages(text.split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty })
      case .array(let elements):
        var codes: [String] = []
        for element in elements {
          guard case .string(let code) = element else { return nil }
          codes.append(code)
        }
        self = .languages(codes)
      default: return nil
      }
    }
  }

  /// An alternative form of a query word that counts as an exact match (``alternativesAsExact``).
  public enum AlternativeAsExact: String, Hashable, Sendable, CaseIterable {
    /// Plurals and other declensions `ignorePlurals` matches.
    case ignorePlurals
    /// A single-word synonym of the word (`tv` for `television`).
    case singleWordSynonym
    /// The words a multi-word synonym puts in the query's place (`new york` for `ny`).
    case multiWordsSynonym
    /// Conjugations of a verb (languages that have them).
    case ignoreConjugations
  }

  /// What a search that matches nothing tries next (Algolia's `removeWordsIfNoResults`).
  public enum RemoveWordsIfNoResults: String, Hashable, Sendable, CaseIterable {
    /// Nothing: the answer is empty.
    case none
    /// The last word made optional, then the last two…, until there are results or 5 words are optional.
    case lastWords
    /// The first word made optional, then the first two…, until there are results or 5 words are optional.
    case firstWords
    /// Every word made optional at once: a record holding any of them matches.
    case allOptional
  }

  /// What the exact criterion counts for a query of one word (Algolia's `exactOnSingleWordQuery`).
  public enum ExactOnSingleWordQuery: String, Hashable, Sendable, CaseIterable {
    /// The word is the whole value of an attribute (Algolia's default).
    case attribute
    /// The word is one of an attribute's words, as for longer queries.
    case word
    /// Nothing is exact.
    case none
  }
}
