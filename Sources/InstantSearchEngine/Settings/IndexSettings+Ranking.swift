import Foundation
import InstantSearchModel

/// The `ranking` setting: which criteria rank, and the rankings the engine refuses rather than answering
/// in another order than the one asked for.
extension IndexSettings {
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

  /// Why the engine would not apply `entries` as a ranking (the message ``checkRanking(_:)`` refuses it
  /// with), or `nil` when it applies them as written.
  static func rankingRefusal(of entries: [String]) -> String? {
    do throws(EngineError) {
      try checkRanking(entries)
      return nil
    } catch {
      return error.description
    }
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
      let trimmed = entry.trimmingWhitespace
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
