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

  /// Appends the response's JSON text (the members of ``jsonValue``, written straight from the response
  /// without building that value) to `bytes`, with each facet's values in the order Algolia writes them: by
  /// decreasing count, ties in byte order of the values (`.count`), or in byte order (`.alpha`) — as the
  /// engine chose them. A JSON object in a Swift dictionary has no order of its own: written as it is, the
  /// values came out in hash order.
  ///
  /// With `fields` (`responseFields`), only the members it names are written, and those Algolia always
  /// returns (``alwaysWritten``).
  func appendText(to bytes: inout [UInt8], facetOrder: Query.FacetSortOrder, fields: Set<String>? = nil) {
    var object = MemberWriter(fields: fields)
    object.open(&bytes)
    // The facets first, as the writer has always put them (a reader of the text finds them before the hits).
    if !facets.isEmpty, object.member("facets", &bytes) { appendFacets(to: &bytes, order: facetOrder) }
    if object.member("hits", &bytes) {
      bytes.append(UInt8(ascii: "["))
      if let hitsText {
        bytes += hitsText.objects
      } else {
        for (position, hit) in hits.enumerated() {
          if position > 0 { bytes.append(UInt8(ascii: ",")) }
          JSON.object(hit.object).appendText(to: &bytes)
        }
      }
      bytes.append(UInt8(ascii: "]"))
    }
    object.integer("nbHits", nbHits, &bytes)
    object.integer("page", page, &bytes)
    object.integer("nbPages", nbPages, &bytes)
    object.integer("hitsPerPage", hitsPerPage, &bytes)
    object.integer("processingTimeMS", processingTimeMS, &bytes)
    if let offset { object.integer("offset", offset, &bytes) }
    if let length { object.integer("length", length, &bytes) }
    if !facetsStats.isEmpty, object.member("facets_stats", &bytes) {
      JSON.object(facetsStats.mapValues(\.json)).appendText(to: &bytes)
    }
    if let exhaustiveFacetsCount { object.json("exhaustiveFacetsCount", .bool(exhaustiveFacetsCount), &bytes) }
    if let exhaustiveNbHits { object.json("exhaustiveNbHits", .bool(exhaustiveNbHits), &bytes) }
    if let exhaustiveTypo { object.json("exhaustiveTypo", .bool(exhaustiveTypo), &bytes) }
    if let exhaustive { object.json("exhaustive", exhaustive.json, &bytes) }
    if let query { object.json("query", .string(query), &bytes) }
    if let params { object.json("params", .string(params), &bytes) }
    if let index { object.json("index", .string(index), &bytes) }
    if let queryID { object.json("queryID", .string(queryID), &bytes) }
    if let renderingContent { object.json("renderingContent", renderingContent.json, &bytes) }
    if let nbSortedHits { object.integer("nbSortedHits", nbSortedHits, &bytes) }
    if let userData { object.json("userData", .array(userData), &bytes) }
    if let appliedRules { object.json("appliedRules", .array(appliedRules), &bytes) }
    if let queryAfterRemoval { object.json("queryAfterRemoval", .string(queryAfterRemoval), &bytes) }
    if let automaticRadius { object.json("automaticRadius", .string(automaticRadius), &bytes) }
    if let extensions { object.json("extensions", .object(extensions), &bytes) }
    if let message { object.json("message", .string(message), &bytes) }
    if let appliedRelevancyStrictness {
      object.integer("appliedRelevancyStrictness", appliedRelevancyStrictness, &bytes)
    }
    bytes.append(UInt8(ascii: "}"))
  }

  /// `{"attribute":{"value":count,…},…}`: attributes in byte order, values in `order`.
  private func appendFacets(to bytes: inout [UInt8], order: Query.FacetSortOrder) {
    bytes.append(UInt8(ascii: "{"))
    for (position, attribute) in facets.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }).enumerated() {
      if position > 0 { bytes.append(UInt8(ascii: ",")) }
      JSON.string(attribute).appendText(to: &bytes)
      bytes += Array(":{".utf8)
      let counts = facets[attribute] ?? [:]
      let ordered = counts.sorted { lhs, rhs in
        if order == .count, lhs.value != rhs.value { return lhs.value > rhs.value }
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
  }
}

/// The members of a JSON object written in turn, with their commas, less those a `responseFields` list
/// leaves out.
private struct MemberWriter {
  /// The members to write (`nil`: all), besides ``SearchResponse/alwaysWritten``.
  let fields: Set<String>?
  private var first = true

  init(fields: Set<String>?) {
    self.fields = fields
  }

  /// Opens the object.
  func open(_ bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "{"))
  }

  /// Writes `"name":` (after a comma but for the first member) when the member is written; its value is
  /// the caller's to write then.
  mutating func member(_ name: String, _ bytes: inout [UInt8]) -> Bool {
    if let fields, !fields.contains(name), !SearchResponse.alwaysWritten.contains(name) { return false }
    if !first { bytes.append(UInt8(ascii: ",")) }
    first = false
    JSON.string(name).appendText(to: &bytes)
    bytes.append(UInt8(ascii: ":"))
    return true
  }

  /// A member whose value is `value`.
  mutating func json(_ name: String, _ value: JSON, _ bytes: inout [UInt8]) {
    if member(name, &bytes) { value.appendText(to: &bytes) }
  }

  /// A member whose value is a whole number.
  mutating func integer(_ name: String, _ value: Int, _ bytes: inout [UInt8]) {
    if member(name, &bytes) { bytes += String(value).utf8 }
  }
}
