import Foundation
import InstantSearchModel

extension IndexSettings {
  /// A replica declared in a primary's `replicas` setting: `"products_price_asc"` for a standard replica,
  /// `"virtual(products_relevant_price)"` for a virtual one.
  ///
  /// Both kinds answer from the primary's records, kept in step with every write to the primary, and
  /// refuse writes of their own. A *standard* replica sorts exhaustively: the `asc`/`desc` entries at the
  /// head of its `ranking` order every match, the textual criteria only break ties. A *virtual* replica
  /// sorts relevantly (Relevant Sort): it keeps the matches similar enough to the most relevant one
  /// (`relevancyStrictness`) and orders those by its `customRanking`. Neither copies the records: a
  /// replica shares the primary's segments and holds only its own ranking permutation per segment.
  public struct Replica: Hashable, Sendable, CustomStringConvertible {
    /// The replica's index name.
    public var name: String
    /// `true` for `virtual(name)`.
    public var isVirtual: Bool

    /// A replica named `name`.
    public init(name: String, isVirtual: Bool = false) {
      self.name = name
      self.isVirtual = isVirtual
    }

    /// Reads one entry of the `replicas` setting.
    ///
    /// - Throws: ``EngineError/invalidSettings(_:)`` for an empty name.
    init(_ entry: String) throws(EngineError) {
      let trimmed = entry.trimmingWhitespace
      let inner = IndexSettings.unwrap(trimmed, "virtual")
      let name = inner ?? trimmed
      guard !name.isEmpty else { throw .invalidSettings("replicas: an entry names no index (\"\(entry)\")") }
      self.init(name: name, isVirtual: inner != nil)
    }

    /// The entry as the `replicas` setting writes it.
    public var description: String { isVirtual ? "virtual(\(name))" : name }
  }

  /// The `asc(attr)`/`desc(attr)` entries at the head of ``ranking``: every match is sorted by them before
  /// the textual criteria apply (what a standard replica sorting by price declares).
  public var sortCriteria: [CustomRankingCriterion] {
    var criteria: [CustomRankingCriterion] = []
    for entry in ranking {
      let trimmed = entry.trimmingWhitespace
      if let path = Self.unwrap(trimmed, "asc") {
        criteria.append(CustomRankingCriterion(path: path, isAscending: true))
      } else if let path = Self.unwrap(trimmed, "desc") {
        criteria.append(CustomRankingCriterion(path: path, isAscending: false))
      } else {
        break
      }
    }
    return criteria
  }

  /// Whether the settings only differ from `other` in what a search reads (ranking, pagination,
  /// highlighting, retrieval, typo tolerance), so that an index built with `other` answers with these.
  /// Settings that cut or fold words otherwise (``textAnalysis``) need the records' text read again.
  func sharesIndexStructures(with other: IndexSettings) -> Bool {
    searchableAttributes == other.searchableAttributes && attributesForFaceting == other.attributesForFaceting
      && attributeForDistinct == other.attributeForDistinct && textAnalysis == other.textAnalysis
  }
}
