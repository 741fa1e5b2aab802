import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The records of a first character's terms are kept once merged: what is kept must be what merging
/// the postings gives, and only for exactly such a run (not a narrower one starting at the same term).
@Suite("Prefix sets: the records of a word's first character")
struct PrefixSetsTests {
  @Test("kept sets equal merged postings, for first characters and for runs that only start like them")
  func keptSetsAreExact() throws {
    var random = DifferentialTests.Generator(state: 0x9F1C)
    let letters = ["c", "ca", "cas", "d", "é", "éa", "s", "sh", "t"]
    // Many records a first character, so that its terms' union is a bitset (the case kept).
    let records: [[String: JSON]] = (0..<3_000).map { number in
      let words = (0..<3).map { _ in random.pick(letters) + String(random.int(0..<40)) }
      return ["objectID": .string("r\(number)"), "name": .string(words.joined(separator: " "))]
    }
    let index = try Fixture.index(records, settings: ["searchableAttributes": ["name"]])
    let snapshot = try #require(index.view.soleSnapshot)
    let text = snapshot.text
    let universe = snapshot.recordCount
    // Each record's terms, read from its text (the plain way).
    let termsOfRecords: [[UInt32]] = records.map { record in
      guard case .string(let name)? = record["name"] else { return [] }
      return TextTokens.words(of: name).compactMap { text.terms.id(of: Array($0.utf8)) }
    }
    func expected(_ run: TermRun) -> [UInt32] {
      termsOfRecords.indices.filter { termsOfRecords[$0].contains { run.lower <= $0 && $0 < run.upper } }.map {
        UInt32($0)
      }
    }
    for prefix in ["c", "ca", "d", "é", "s", "sh", "t"] {
      let lower = text.terms.lowerBound(Array(prefix.utf8))
      let upper = Array(prefix.utf8).withUnsafeBufferPointer { text.terms.endOfPrefix($0, from: lower) }
      let run = TermRun(lower: UInt32(lower), upper: UInt32(upper), typos: 0)
      let truth = expected(run)
      // Twice: merged, then kept (for one-character prefixes).
      #expect(Array(text.records(of: [run], universe: universe).sortedDocs) == truth, "\(prefix)")
      #expect(Array(text.records(of: [run], universe: universe).sortedDocs) == truth, "\(prefix), again")
      // A narrower run from the same first term must not be answered with the kept set.
      if upper - lower > 2 {
        let narrower = TermRun(lower: UInt32(lower), upper: UInt32(upper - 1), typos: 0)
        #expect(Array(text.records(of: [narrower], universe: universe).sortedDocs) == expected(narrower))
      }
    }
    #expect(text.prefixSets.byteCount > 0, "no first character's set was kept: the test would not check one")
  }

  @Test("at most the capacity of sets is kept, and every first character is still answered exactly")
  func boundedCount() throws {
    // Seventy first characters (Latin, Greek, Cyrillic), two terms each, every word in every record: each
    // union is a bitset.
    let scalars = Array(0x61...0x7A) + Array(0x3B1...0x3C9) + Array(0x430...0x44F)
    let letters = scalars.prefix(70).compactMap { Unicode.Scalar($0).map { String(Character($0)) } }
    #expect(letters.count == 70)
    let name = letters.flatMap { [$0 + "x", $0 + "y"] }.joined(separator: " ")
    let records: [[String: JSON]] = (0..<200).map { ["objectID": .string("r\($0)"), "name": .string(name)] }
    let index = try Fixture.index(records, settings: ["searchableAttributes": ["name"]])
    let snapshot = try #require(index.view.soleSnapshot)
    let text = snapshot.text
    // The letters the index keeps as they are (a final sigma or a й folds into another letter's terms).
    let kept = letters.filter { text.terms.id(of: Array(($0 + "x").utf8)) != nil }
    #expect(kept.count > PrefixSets.capacity)
    for letter in kept {
      let bytes = Array(letter.utf8)
      let lower = text.terms.lowerBound(bytes)
      let upper = bytes.withUnsafeBufferPointer { text.terms.endOfPrefix($0, from: lower) }
      let run = TermRun(lower: UInt32(lower), upper: UInt32(upper), typos: 0)
      #expect(text.records(of: [run], universe: 200).count == 200, "\(letter)")
    }
    #expect(text.prefixSets.count == PrefixSets.capacity)
  }
}
