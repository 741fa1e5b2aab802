import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Which terms make up a whole text value (``TextIndex/wholeTerms``): what bounds the exact criterion of a
/// one-word query, so that ranking stops early when no record can match it exactly.
@Suite("Whole-value terms")
struct WholeTermsTests {
  @Test("A term is whole only where a text value holds it alone; the one record holding it so ranks first")
  func wholeTermsBoundExactness() throws {
    var records: [[String: JSON]] = (0..<1_500).map { index in
      ["objectID": .string("r\(index)"), "name": .string("the light \(index)"), "rank": .number(Double(index))]
    }
    records.append(["objectID": "alone", "name": "the", "rank": 5_000])
    records.append(["objectID": "tags", "name": "lamp", "tags": ["the end", "shade"], "rank": 6_000])
    let index = try Fixture.index(
      records, settings: ["searchableAttributes": ["name", "tags"], "customRanking": ["asc(rank)"]])
    let text = try #require(index.view.segments.first).snapshot.text
    func term(_ word: String) throws -> UInt32 { try #require(text.terms.id(of: Array(word.utf8))) }
    #expect(text.wholeTerms != nil)
    #expect(text.mayBeWhole(try term("the")))
    #expect(text.mayBeWhole(try term("shade")))
    #expect(text.mayBeWhole(try term("lamp")))
    #expect(!text.mayBeWhole(try term("light")))
    #expect(!text.mayBeWhole(try term("end")))
    // Custom ranking puts "alone" last; its exact match puts it first.
    let response = try index.search(Fixture.query("the") { $0.queryType = .prefixNone })
    #expect(response.hits.first?.objectID == "alone")
    #expect(response.nbHits == 1_502)
    // Without a whole value, the first hit is the custom ranking's.
    let light = try index.search(Fixture.query("light") { $0.queryType = .prefixNone })
    #expect(light.hits.first?.objectID == "r0")
  }
}
