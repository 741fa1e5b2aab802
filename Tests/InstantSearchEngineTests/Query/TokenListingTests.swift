import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The tokens a query's terms are listed by (so that scoring checks a record's words by token) are exactly
/// the tokens whose terms the query matches.
@Suite("Token listing")
struct TokenListingTests {
  @Test("the tokens of random term runs are the tokens mapped to their terms")
  func sameAsAScan() throws {
    var random = DifferentialTests.Generator(state: 11)
    let words = ["Lamp", "lamp", "LAMP,", "kettle.", "Kettle", "silver", "Silver!", "pot", "über", "Uber", "a", "b"]
    let records: [[String: JSON]] = (0..<60).map { id in
      ["objectID": .string("\(id)"), "name": .string((0..<4).map { _ in random.pick(words) }.joined(separator: " "))]
    }
    let text = try Fixture.index(records, settings: ["searchableAttributes": ["name"]]).snapshot.text
    let termCount = text.terms.count
    #expect(termCount > 3)
    for _ in 0..<200 {
      var runs: [TermRun] = []
      var next = UInt32(random.int(0..<2))
      while Int(next) < termCount, runs.count < 3 {
        let upper = min(UInt32(termCount), next + UInt32(random.int(1..<3)))
        runs.append(TermRun(lower: next, upper: upper, typos: 0))
        next = upper + UInt32(random.int(0..<3))
      }
      let listed = try #require(text.tokens(of: runs))
      let expected = text.termOfToken.indices.filter { token in
        runs.contains { $0.lower <= text.termOfToken[token] && text.termOfToken[token] < $0.upper }
      }
      #expect(listed.members == expected.map(UInt32.init), "\(runs)")
    }
  }

  @Test("runs of more terms than the limit are not listed")
  func tooManyTerms() throws {
    let text = try Fixture.index([["objectID": "1", "name": "lamp"]]).snapshot.text
    let run = TermRun(lower: 0, upper: UInt32(TextIndex.maximumKeptTerms + 1), typos: 0)
    #expect(text.tokens(of: [run]) == nil)
  }
}
