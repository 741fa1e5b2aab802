import InstantSearchEngine
import InstantSearchModel

/// A JSON value's compact text, ready to be written into a larger answer (a multiple-queries request's
/// `results`).
struct JSONText {
  /// The text's UTF-8 bytes.
  var bytes: [UInt8] = []

  /// The text of `json`.
  init(_ json: JSON) {
    json.appendText(to: &bytes)
  }

  /// The text of `response`, its facet values in Algolia's order, with only the members `fields` names
  /// (`nil`: all; see ``SearchResponse/appendText(to:facetOrder:fields:)``).
  init(_ response: SearchResponse, facetOrder: Query.FacetSortOrder, fields: Set<String>? = nil) {
    response.appendText(to: &bytes, facetOrder: facetOrder, fields: fields)
  }

  /// `{"results":[…]}` of `results`.
  static func results(_ results: [JSONText]) -> [UInt8] {
    var bytes = Array(#"{"results":["#.utf8)
    for (position, result) in results.enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      bytes += result.bytes
    }
    bytes += Array("]}".utf8)
    return bytes
  }
}

extension SearchResponse {
  /// The members written whatever `responseFields` says, as Algolia documents.
  static let alwaysWritten: Set<String> = ["message", "warning", "cursor", "abTestVariantID"]

  /// Appends the response's JSON text (``jsonValue``) to `bytes`, with each facet's values in the order
  /// Algolia writes them: by decreasing count, ties in byte order of the values (`.count`), or in byte
  /// order (`.alpha`) — as the engine chose them. A JSON object in a Swift dictionary has no order of its
  /// own: written as it is, the values came out in hash order.
  ///
  /// With `fields` (`responseFields`), only the members it names are written, and those Algolia always
  /// returns (``alwaysWritten``).
  func appendText(to bytes: inout [UInt8], facetOrder: Query.FacetSortOrder, fields: Set<String>? = nil) {
    guard case .object(var members) = jsonValue else { return }
    if let fields { members = members.filter { fields.contains($0.key) || Self.alwaysWritten.contains($0.key) } }
    guard !facets.isEmpty, fields?.contains("facets") ?? true else {
      members["facets"] = nil
      JSON.object(members).appendText(to: &bytes)
      return
    }
    members["facets"] = nil
    bytes += Array(#"{"facets":{"#.utf8)
    for (position, attribute) in facets.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      JSON.string(attribute).appendText(to: &bytes)
      bytes += Array(":{".utf8)
      let counts = facets[attribute] ?? [:]
      let ordered = counts.sorted { lhs, rhs in
        if facetOrder == .count, lhs.value != rhs.value { return lhs.value > rhs.value }
        return lhs.key.utf8.lexicographicallyPrecedes(rhs.key.utf8)
      }
      for (index, pair) in ordered.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        JSON.string(pair.key).appendText(to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        JSON.number(Double(pair.value)).appendText(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
    bytes.append(UInt8(ascii: "}"))
    var rest: [UInt8] = []
    JSON.object(members).appendText(to: &rest)
    // The other members, after the facets: `rest` without its opening brace.
    if rest.count > 2 { bytes.append(UInt8(ascii: ",")) }
    bytes += rest.dropFirst()
  }
}
