import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("disablePrefixOnAttributes: the word being typed matches only whole words there")
struct DisablePrefixOnAttributesTests {
  static let records: [[String: JSON]] = [
    ["objectID": "prefixInBrand", "title": "case", "brand": "phonetix"],
    ["objectID": "prefixInTitle", "title": "phone", "brand": "acme"],
    ["objectID": "typoInBrand", "title": "cable", "brand": "phone"],
  ]

  static func index(_ disabled: [JSON]) throws -> LocalIndex {
    try Fixture.index(
      records, settings: ["searchableAttributes": ["title", "brand"], "disablePrefixOnAttributes": .array(disabled)])
  }

  @Test("Without the setting every attribute matches prefixes")
  func prefixes() throws {
    #expect(try Self.index([]).search(Query("phon")).nbHits == 3)
  }

  @Test("In a prefix-free attribute the prefix does not match; a whole word within typos does, with its typo")
  func prefixFree() throws {
    let response = try Self.index(["brand"]).search(Query("phon"))
    #expect(Fixture.ids(response) == ["prefixInTitle", "typoInBrand"])
    let brand = response.hits.last?.highlight(for: "brand")?.value
    #expect(brand == "<em>phone</em>")
    #expect(response.hits.first?.highlight(for: "title")?.value == "<em>phon</em>e")
  }

  @Test("A word that is not a prefix word, or queryType prefixNone, is not affected")
  func notPrefix() throws {
    let index = try Self.index(["brand"])
    var none = Query("phon")
    none.queryType = .prefixNone
    let everywhere = try Self.index([]).search(none).nbHits
    #expect(try index.search(none).nbHits == everywhere)
    #expect(try index.search(Query("phonetix")).nbHits == 1)
    #expect(try index.search(Query("phonetix cas")).nbHits == 1)
  }

  @Test("The setting comes back as given")
  func returned() throws {
    let settings = try IndexSettings(json: ["disablePrefixOnAttributes": ["brand"]])
    #expect(settings.answeredJSONObject["disablePrefixOnAttributes"] == ["brand"])
  }

  @Test("Random queries on random records: exactly the records a brute force finds", arguments: [UInt64(3), 41])
  func differential(seed: UInt64) throws {
    let catalog = try RandomTextCatalog(seed: seed, perBatch: 300, extra: ["disablePrefixOnAttributes": ["tags"]])
    var generator = SplitMix64(seed: seed &+ 7)
    let vocabulary = ["red", "blue", "shirt", "shoe", "hat", "green", "cotton", "wool", "sale", "new"]
    for _ in 0..<40 {
      var words = (0..<Int.random(in: 1...2, using: &generator)).map { _ in
        vocabulary.randomElement(using: &generator) ?? ""
      }
      // The last word typed part way: a prefix, one letter at least.
      let last = words.removeLast()
      let typed = String(last.prefix(Int.random(in: 1...last.count, using: &generator)))
      let query = Query((words + [typed]).joined(separator: " "))
      try catalog.expectMatches(query) { record in
        let whole = RandomTextCatalog.attributes.flatMap { RandomTextCatalog.words(record, $0) }
        let prefixable = ["name", "description"].flatMap { RandomTextCatalog.words(record, $0) }
        return words.allSatisfy(whole.contains)
          && (prefixable.contains { $0.hasPrefix(typed) } || RandomTextCatalog.words(record, "tags").contains(typed))
      }
    }
  }
}
