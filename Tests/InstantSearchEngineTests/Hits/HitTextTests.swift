import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Hits written as JSON text (what the server asks for) against hits built as objects (the plain path):
/// the same hits, member for member, and the same rest of the response, over random records, settings and
/// queries, in memory (several segments) and in a reopened index directory (images, values left out).
@Suite("Hits as JSON text: the same hits as the objects")
struct HitTextTests {
  typealias Generator = DifferentialTests.Generator

  static let words = ["red", "shirt", "wool", "cotton", "blue", "sale", "newYork", "élan", "x1", "the"]
  static let oddTexts = ["say \"hi\"", "back\\slash", "line\nbreak", "<b>bold</b>", "tab\there", "😀 smile", ""]

  static func phrase(_ random: inout Generator) -> String {
    if random.int(0..<6) == 0 { return random.pick(oddTexts) + " " + random.pick(words) }
    return (0..<random.int(1..<5)).map { _ in random.pick(words) }.joined(separator: " ")
  }

  static func records(count: Int, seed: UInt64) -> [[String: JSON]] {
    var random = Generator(state: seed)
    return (0..<count).map { number in
      var record: [String: JSON] = ["objectID": .string("r\(number)"), "name": .string(phrase(&random))]
      if random.int(0..<4) > 0 { record["description"] = .string(phrase(&random)) }
      switch random.int(0..<4) {
      case 0: break
      case 1: record["tags"] = .array([.string(phrase(&random)), .number(Double(random.int(0..<9)))])
      default: record["tags"] = .array((0..<random.int(0..<3)).map { _ in .string(phrase(&random)) })
      }
      switch random.int(0..<5) {
      case 0: break
      case 1: record["brand"] = .null
      case 2: record["brand"] = .number(Double(random.int(0..<20)))
      default: record["brand"] = .string(random.pick(["Sony", "Émile & Fils", "red wool", "10"]))
      }
      if random.bool() { record["price"] = .number(random.bool() ? Double(random.int(0..<50)) : 0.25 * 7) }
      if random.bool() { record["flag"] = .bool(random.bool()) }
      if random.int(0..<3) > 0 {
        record["meta"] = ["note": .string(phrase(&random)), "kind": .string(random.pick(["a", "b"]))]
      }
      if random.bool() { record["secret"] = .string(phrase(&random)) }
      return record
    }
  }

  static func settings(_ random: inout Generator) -> [String: JSON] {
    var settings: [String: JSON] = [
      "searchableAttributes": .array(
        [
          ["name", "description", "tags", "brand"], ["name", "meta.note"],
          ["description", "unordered(name)", "secret"],
        ][
          random.int(0..<3)
        ].map(JSON.string)),
      "attributesForFaceting": ["brand", "meta.kind", "price", "flag"],
    ]
    if random.bool() { settings["unretrievableAttributes"] = ["secret"] }
    if random.int(0..<3) == 0 { settings["camelCaseAttributes"] = ["name"] }
    if random.int(0..<3) == 0 { settings["attributesToHighlight"] = ["brand", "name", "price", "flag", "name"] }
    if random.int(0..<4) == 0 { settings["attributesToRetrieve"] = ["name", "meta.note", "secret"] }
    if random.int(0..<4) == 0 { settings["highlightPreTag"] = #"<mark class="q">"# }
    return settings
  }

  static func query(_ random: inout Generator) -> Query {
    var text = (0..<random.int(0..<3)).map { _ in random.pick(words + ["shrit", "wo", "blu", "newyork"]) }
      .joined(separator: " ")
    if random.int(0..<8) == 0 { text = "" }
    var query = Query(text)
    query.hitsPerPage = random.int(0..<25)
    if random.int(0..<4) == 0 { query.page = 1 }
    switch random.int(0..<6) {
    case 0: query.attributesToRetrieve = ["*", "-description", "-objectID"]
    case 1: query.attributesToRetrieve = ["name", "tags.x", "objectID", "secret"]
    case 2: query.attributesToHighlight = ["*"]
    case 3: query.attributesToHighlight = ["meta.note", "name"]
    default: break
    }
    if random.int(0..<5) == 0 { query.attributesToSnippet = ["description:3"] }
    if random.int(0..<6) == 0 { query.restrictHighlightAndSnippetArrays = true }
    if random.int(0..<4) == 0 { query.getRankingInfo = true }
    if random.int(0..<8) == 0 { query.responseFields = ["nbHits"] }
    if random.int(0..<5) == 0 { query.facets = ["brand"] }
    return query
  }

  /// Expects `index` to answer `query` with the same hits and response whether the hits are objects or text.
  static func expectSameHits(_ query: Query, in index: LocalIndex, sees: Bool, _ comment: String) throws {
    let objects = try index.search(query, parallelism: .callerOnly, seesUnretrievableAttributes: sees, as: .objects)
    let text = try index.search(query, parallelism: .callerOnly, seesUnretrievableAttributes: sees, as: .text)
    if let fields = query.responseFields, !fields.contains("hits") {
      #expect(text.hitsText == nil, "\(comment)")
    } else {
      let written = try #require(text.hitsText, "\(comment)")
      let parsed = try JSONDecoder().decode(JSON.self, from: Data("[".utf8 + written.objects + "]".utf8))
      #expect(parsed == .array(objects.hits.map { .object($0.object) }), "\(comment)")
      // Written again from the parsed value (each key once), the text is as long: no member is written twice.
      var again: [UInt8] = []
      parsed.appendText(to: &again)
      #expect(again.count == written.objects.count + 2, "a repeated member: \(comment)")
      #expect(written.objectIDs == objects.hits.map(\.objectID), "\(comment)")
      #expect(text.hits.isEmpty)
    }
    var rest = text
    rest.hitsText = nil
    rest.hits = objects.hits
    rest.processingTimeMS = objects.processingTimeMS
    #expect(rest == objects, "\(comment)")
  }

  @Test(
    "Random records, settings and queries, in memory and reopened from a directory",
    arguments: [1, 2, 3, 5, 6, 7, 77, 901, 4242] as [UInt64])
  func random(seed: UInt64) throws {
    var random = Generator(state: seed)
    let records = Self.records(count: 300, seed: seed)
    let settings = Self.settings(&random)
    let memory = LocalIndex(name: "products", settings: try IndexSettings(json: settings))
    for batch in 0..<3 { try memory.saveRecords(Array(records[(batch * 100)..<((batch + 1) * 100)])) }
    let folder = try ScratchFolder()
    let durable = try DurableIndex(
      directory: folder.file("one"), name: "products", settings: try IndexSettings(json: settings))
    try durable.saveRecords(records)
    try durable.commit()
    let reopened = try DurableIndex(directory: folder.file("one"), name: "products").index
    for round in 0..<60 {
      let query = Self.query(&random)
      let sees = random.bool()
      for (name, index) in [("memory", memory), ("reopened", reopened)] {
        try Self.expectSameHits(
          query, in: index, sees: sees, "seed \(seed) round \(round) \(name): \(settings) \(query)")
      }
    }
  }

  @Test("A plain query is written straight from the records; snippets go through the objects")
  func plans() throws {
    let index = try Fixture.index(Self.records(count: 20, seed: 3), settings: ["searchableAttributes": ["name"]])
    let snapshot = try #require(index.view.segments.first?.snapshot)
    #expect(SearchExecutor(snapshot: snapshot, query: Query("red")).hitTextPlan() != nil)
    var snippets = Query("red")
    snippets.attributesToSnippet = ["name"]
    #expect(SearchExecutor(snapshot: snapshot, query: snippets).hitTextPlan() == nil)
    var nested = Query("red")
    nested.attributesToHighlight = ["meta.note"]
    #expect(SearchExecutor(snapshot: snapshot, query: nested).hitTextPlan() == nil)
  }
}
