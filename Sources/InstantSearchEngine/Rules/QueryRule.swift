import InstantSearchModel

/// A query rule, as Algolia's `rules.json` export and `/rules` endpoints write it: conditions on the query
/// text (`pattern` with `anchoring`), the search's `ruleContexts` (`context`) and its `filters`; a
/// consequence (search `params` — filters ANDed, query edits, `renderingContent` — `promote`, `hide`,
/// `userData`); `enabled` and `validity` periods.
///
/// A rule keeps the JSON it was read from (``json``), so rules are exported and listed unchanged.
public struct QueryRule: Hashable, Sendable {
  /// How a pattern must sit in the query.
  public enum Anchoring: String, Hashable, Sendable {
    /// The whole query is the pattern.
    case `is`
    /// The query starts with the pattern.
    case startsWith
    /// The query ends with the pattern.
    case endsWith
    /// The pattern is somewhere in the query.
    case contains
  }

  /// One condition; a rule applies when any of its conditions holds.
  public struct Condition: Hashable, Sendable {
    /// The words the query must hold (`nil`: no condition on the text).
    public var pattern: String?
    /// Where the pattern must be (`contains` when a pattern has none).
    public var anchoring: Anchoring
    /// The `ruleContexts` value the search must carry (`nil`: any).
    public var context: String?
    /// Filters the search must apply (`brand:Apple`), every one of them.
    public var filters: String?
    /// Whether the pattern's words also match their synonyms and words within the typo budget.
    public var alternatives: Bool = false
  }

  /// A promoted record (or several in a row) and its position in the hits, from 0.
  public struct Promotion: Hashable, Sendable {
    /// The records, in order.
    public var objectIDs: [String]
    /// The position of the first.
    public var position: Int
  }

  /// A change of the query text.
  public enum Edit: Hashable, Sendable {
    /// Removes a word (or words).
    case remove(String)
    /// Replaces a word (or words) with others.
    case replace(String, with: String)
  }

  /// A filter on the facet value a `{facet:attr}` pattern matched (`automaticFacetFilters`).
  public struct AutomaticFacetFilter: Hashable, Sendable {
    /// The attribute of the pattern's placeholder.
    public var facet: String
    /// Whether the values matched for this attribute form one OR clause (else one clause each).
    public var disjunctive: Bool
    /// The score, for optional facet filters (`automaticOptionalFacetFilters`).
    public var score: Int?
    /// Whether the filter excludes the value instead.
    public var negative: Bool
  }

  /// A period when the rule is on, in Unix seconds.
  public struct Period: Hashable, Sendable {
    /// The start.
    public var from: Double
    /// The end.
    public var until: Double
  }

  /// The rule's ID.
  public var objectID: String
  /// The conditions (empty: the rule always applies).
  public var conditions: [Condition]
  /// Search parameters the rule sets (its `filters` are ANDed with the search's; `query`,
  /// `renderingContent` and `automaticFacetFilters` are kept apart).
  public var params: [String: JSON]
  /// A query text replacing the search's (`params.query` as a string).
  public var replacementQuery: String?
  /// Edits of the query text (`params.query.edits`, or the older `params.query.remove`).
  public var edits: [Edit]
  /// How results should be shown, replacing the index's.
  public var renderingContent: RenderingContent?
  /// Facet filters on the values the conditions' `{facet:attr}` placeholders matched.
  public var automaticFacetFilters: [AutomaticFacetFilter]
  /// Optional facet filters on those values.
  public var automaticOptionalFacetFilters: [AutomaticFacetFilter]
  /// Records placed at positions.
  public var promotions: [Promotion]
  /// Whether promoted records must match the search's filters to be shown.
  public var filterPromotes: Bool
  /// Records left out of the results.
  public var hidden: [String]
  /// Custom data returned with the results (`userData`).
  public var userData: JSON?
  /// Whether the rule is on.
  public var enabled: Bool
  /// When the rule is on (empty: always).
  public var validity: [Period]
  /// The rule as it was read.
  public let json: JSON

  /// Whether the rule is on at `time` (Unix seconds).
  public func isActive(at time: Double) -> Bool {
    enabled && (validity.isEmpty || validity.contains { $0.from <= time && time <= $0.until })
  }
}
