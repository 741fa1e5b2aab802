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
      let trimmed = entry.trimmingCharacters(in: .whitespaces)
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
      let trimmed = entry.trimmingCharacters(in: .whitespaces)
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
  func sharesIndexStructures(with other: IndexSettings) -> Bool {
    searchableAttributes == other.searchableAttributes && attributesForFaceting == other.attributesForFaceting
      && attributeForDistinct == other.attributeForDistinct
  }

  /// The criteria of ``ranking`` after its sort criteria (`typo`, `geo`, … `custom`).
  var textualCriteria: [String] {
    ranking.map { $0.trimmingCharacters(in: .whitespaces) }.filter { entry in
      Self.unwrap(entry, "asc") == nil && Self.unwrap(entry, "desc") == nil
    }
  }

  /// Whether the `geo` criterion ranks: without it, a geo search's area still filters, but distance does
  /// not order the hits.
  var ranksByDistance: Bool { rankingNames("geo") }

  /// Whether the `filters` criterion ranks: without it, `optionalFilters` (whose only effect is on the
  /// ranking) change nothing.
  var ranksByOptionalFilters: Bool { rankingNames("filters") }

  /// Whether the `custom` criterion ranks: without it, ``customRanking`` does not order the hits.
  var ranksByCustomRanking: Bool { rankingNames("custom") }

  /// Whether an entry of ``ranking`` is `name`, spaces around it aside. Read on every search: compares
  /// bytes, with no trimmed copy of each entry.
  private func rankingNames(_ name: String) -> Bool {
    ranking.contains { entry in
      let bytes = entry.utf8
      guard let first = bytes.firstIndex(where: { $0 != UInt8(ascii: " ") }),
        let last = bytes.lastIndex(where: { $0 != UInt8(ascii: " ") })
      else { return false }
      return bytes[first...last].elementsEqual(name.utf8)
    }
  }

  /// These settings with ``rankingRefusal`` saying whether their ``ranking`` is one the engine applies:
  /// what an index takes when its settings are set through the Swift API (``ranking`` is a plain property
  /// there), so that a ranking the engine would not apply as written refuses searches rather than being
  /// answered in another order.
  var checkedForSearch: IndexSettings {
    var checked = self
    do throws(EngineError) {
      try Self.checkRanking(ranking)
      checked.rankingRefusal = nil
    } catch {
      checked.rankingRefusal = error.description
    }
    return checked
  }

  /// The textual criteria a `ranking` must keep, in Algolia's default order, to be applied: the engine's
  /// text score compares them in that order. `geo`, `filters` and `custom` may be left out.
  static let requiredTextualCriteria = ["typo", "words", "proximity", "attribute", "exact"]

  /// Refuses a `ranking` the engine would not apply as written, rather than answering in another order
  /// than the one asked for without telling:
  /// - an `asc`/`desc` entry after a textual criterion (the engine sorts by an attribute only before the
  ///   textual criteria, where Algolia's sort-by replicas put it);
  /// - a name that is not one of Algolia's criteria;
  /// - textual criteria in another order than Algolia's default, repeated, or without one of
  ///   ``requiredTextualCriteria`` (not applied yet: refused with a message that says so).
  static func checkRanking(_ entries: [String]) throws(EngineError) {
    var textual: [String] = []
    for entry in entries {
      let trimmed = entry.trimmingCharacters(in: .whitespaces)
      let isSort = unwrap(trimmed, "asc") != nil || unwrap(trimmed, "desc") != nil
      if isSort, let first = textual.first {
        throw .invalidSettings(
          "ranking: \"\(trimmed)\" comes after \"\(first)\"; sort criteria must come before the textual criteria")
      }
      if !isSort { textual.append(trimmed) }
    }
    if let unknown = textual.first(where: { !defaultRanking.contains($0) }) {
      throw .invalidSettings(
        "ranking: \"\(unknown)\" is not a ranking criterion (\(defaultRanking.joined(separator: ", ")), asc(attribute), desc(attribute))"
      )
    }
    let missing = requiredTextualCriteria.filter { !textual.contains($0) }
    guard textual == defaultRanking.filter(textual.contains), missing.isEmpty else {
      throw .invalidSettings(
        "ranking: the textual criteria apply in Algolia's default order (\(defaultRanking.joined(separator: ", "))), "
          + "of which only geo, filters and custom may be left out; \(textual) is not supported by the embedded "
          + "engine yet: it is refused rather than applied in another order")
    }
  }
}
