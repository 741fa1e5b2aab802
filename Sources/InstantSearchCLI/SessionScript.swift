import Foundation
import InstantSearchCore

/// What `instantsearch session` plays: the widgets of a search page and what a user does with them.
///
/// ```json
/// {"hitsPerPage": 10,
///  "refinementLists": [{"attribute": "brand", "operator": "or"}, {"attribute": "type", "operator": "and"}],
///  "hierarchical": {"attributes": ["categories.lvl0", "categories.lvl1"], "separator": " > "},
///  "steps": [{"action": "type", "text": "sam"}, {"action": "toggle", "attribute": "brand", "value": "Samsung"},
///            {"action": "select", "value": "Appliances > Refrigerators"}, {"action": "clearQuery"}]}
/// ```
///
/// The same file drives the browser page of the conformance suite, so both sides do the same clicks.
struct SessionScript: Decodable, Sendable {
  /// A refinement list's attribute and how its selected values combine.
  struct RefinementList: Decodable, Sendable {
    /// The attribute.
    var attribute: String
    /// `"or"` (a disjunctive list) or `"and"`.
    var `operator`: String
  }

  /// A hierarchical menu's levels.
  struct Menu: Decodable, Sendable {
    /// The attributes of the levels, the top one first.
    var attributes: [String]
    /// What separates the levels in a value.
    var separator: String
  }

  /// One thing the user does.
  enum Step: Decodable, Sendable {
    /// Types `text` at the end of the search box, one key at a time.
    case type(String)
    /// Empties the search box.
    case clearQuery
    /// Clicks `value` in the refinement list of `attribute`.
    case toggle(attribute: String, value: String)
    /// Clicks `value` in the hierarchical menu.
    case select(String)

    private enum CodingKeys: String, CodingKey { case action, text, attribute, value }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let action = try container.decode(String.self, forKey: .action)
      switch action {
      case "type": self = .type(try container.decode(String.self, forKey: .text))
      case "clearQuery": self = .clearQuery
      case "toggle":
        self = .toggle(
          attribute: try container.decode(String.self, forKey: .attribute),
          value: try container.decode(String.self, forKey: .value))
      case "select": self = .select(try container.decode(String.self, forKey: .value))
      default:
        throw DecodingError.dataCorruptedError(
          forKey: .action, in: container,
          debugDescription: "unknown action \"\(action)\" (expected type, clearQuery, toggle or select)")
      }
    }
  }

  /// Hits a page.
  var hitsPerPage: Int
  /// The refinement lists.
  var refinementLists: [RefinementList]
  /// The hierarchical menu, if the page has one.
  var hierarchical: Menu?
  /// What the user does, in order.
  var steps: [Step]
}

/// What the page shows after a step, as `instantsearch session` prints it (one JSON line a step).
struct SessionSnapshot: Encodable {
  /// The step's index, from 0.
  var step: Int
  /// The query text.
  var query: String
  /// The number of hits.
  var nbHits: Int
  /// The object IDs of the page of hits, in order.
  var hits: [String]
  /// The counts each widget shows: every refinement list's attribute, and the menu's levels down to the
  /// one below the selection.
  var facets: [String: [String: Int]]
}
