import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("optionalWords: the rising threshold of long queries whose words are all optional")
struct RisingWordThresholdTests {
  /// 300 records holding three of the query's words, 1,000 holding two, 1,200 holding one.
  static func records() -> [[String: JSON]] {
    var records: [[String: JSON]] = []
    for (kind, text, count) in [
      ("three", "alpha beta gamma", 300), ("two", "alpha beta", 1_000), ("one", "alpha", 1_200),
    ] {
      for n in 0..<count {
        records.append(["objectID": .string("\(kind)\(n)"), "name": .string("\(text) item"), "kind": .string(kind)])
      }
    }
    return records
  }

  static func query(_ text: String, optional: [String]) -> Query {
    Fixture.query(text) {
      $0.optionalWords = optional
      $0.facets = ["kind"]
      $0.hitsPerPage = 1_000
    }
  }

  @Test("Four words all optional: the first 1,000 hits need one word, the next 1,000 two")
  func rising() throws {
    let index = try Fixture.index(
      Self.records(), settings: ["attributesForFaceting": ["kind"], "paginationLimitedTo": 2_000])
    let words = ["alpha", "beta", "gamma", "delta"]
    let response = try index.search(Self.query(words.joined(separator: " "), optional: words))
    // 300 three-word and 700 two-word hits fill the first thousand; the other 300 two-word hits hold the
    // two words the second thousand needs; no one-word match does.
    #expect(response.nbHits == 1_300)
    #expect(response.facets["kind"] == ["three": 300, "two": 1_000])
    let second = try index.search(
      Fixture.query(words.joined(separator: " ")) {
        $0.optionalWords = words
        $0.page = 1
        $0.hitsPerPage = 1_000
      })
    #expect(second.hits.count == 300 && second.hits.allSatisfy { $0.objectID.hasPrefix("two") })
  }

  @Test("Three words, or one of four required: every match holding the required words is a hit")
  func notApplied() throws {
    let index = try Fixture.index(Self.records(), settings: ["attributesForFaceting": ["kind"]])
    #expect(try index.search(Self.query("alpha beta gamma", optional: ["alpha", "beta", "gamma"])).nbHits == 2_500)
    let oneRequired = try index.search(Self.query("alpha beta gamma delta", optional: ["beta", "gamma", "delta"]))
    #expect(oneRequired.nbHits == 2_500)
  }

  @Test("The step: 1 below 10 optional words, the count divided by 5 from 10 on")
  func step() {
    var constraints = TextConstraints(
      query: Fixture.query("a b c d") { $0.optionalWords = ["a b c d"] },
      text: QueryText(of: Fixture.query("a b c d")), snapshot: IndexSnapshot.empty(name: "x", settings: IndexSettings())
    )
    #expect(ViewSearch.risingWordStep(wordCount: 4, constraints: constraints) == 1)
    let long = (0..<18).map { "w\($0)" }.joined(separator: " ")
    constraints = TextConstraints(
      query: Fixture.query(long) { $0.optionalWords = [long] }, text: QueryText(of: Fixture.query(long)),
      snapshot: IndexSnapshot.empty(name: "x", settings: IndexSettings()))
    #expect(ViewSearch.risingWordStep(wordCount: 18, constraints: constraints) == 3)
  }
}
