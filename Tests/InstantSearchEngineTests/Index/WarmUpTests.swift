import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// ``LocalIndex/warmUp()``: the records of each first character of the terms are built ahead (as many as
/// a word's first letter would build, for the characters whose terms many records hold), each equal to
/// the records of its terms merged, and searches answer the same with or without them.
@Suite("Warming an index up before the first keystroke")
struct WarmUpTests {
  static let recordCount = 6_000

  /// Records of two to five words drawn from a vocabulary whose words start with a handful of letters
  /// (some frequent, one rare, one non-Latin), with a price and a brand.
  static func records() -> [[String: JSON]] {
    var random = DifferentialTests.Generator(state: 73)
    let stems = ["ca", "co", "cu", "la", "le", "sh", "st", "ta", "qu", "él", "жу"]
    return (0..<recordCount).map { number in
      let words = (0..<random.int(2..<6)).map { _ -> String in
        // "q" and "ж" words are rare: their first characters' terms are held by few records.
        var stem = stems[random.int(0..<stems.count)]
        if stem == "qu" || stem == "жу", random.int(0..<30) > 0 { stem = "ta" }
        return stem + String(random.int(0..<400))
      }
      return [
        "objectID": .string("r\(number)"), "name": .string(words.joined(separator: " ")),
        "price": .number(Double(random.int(0..<5_000)) / 4), "brand": .string("brand \(random.int(0..<30))"),
      ]
    }
  }

  static let settings: [String: JSON] = [
    "searchableAttributes": ["name"], "attributesForFaceting": ["price", "brand"],
  ]

  @Test("the sets of the frequent first characters are built, each the records of its terms")
  func setsAreBuilt() throws {
    let index = try Fixture.index(Self.records(), settings: Self.settings)
    let snapshot = index.snapshot
    #expect(snapshot.text.prefixSets.count == 0, "none before a query or the warm-up")
    index.warmUp()
    let text = snapshot.text
    // "c", "l", "s", "t", "e" (the folded "é"): five characters whose terms a sixty-fourth of the records
    // hold; "q" and "ж" are rarer.
    #expect(text.prefixSets.count == 5)
    #expect(text.prefixSets.byteCount == 5 * ((Self.recordCount + 63) / 64) * 8)
    for character in ["c", "l", "s", "t", "e", "q", "ж"] {
      let prefix = Array(character.utf8)
      let lower = text.terms.lowerBound(prefix)
      let upper = prefix.withUnsafeBufferPointer { text.terms.endOfPrefix($0, from: lower) }
      let run = TermRun(lower: UInt32(lower), upper: UInt32(upper), typos: 0)
      let kept = text.prefixSets.records(of: run, in: text.terms) { .sorted([]) }
      // The records of the character's terms, one term at a time.
      var expected = Set<UInt32>()
      for term in lower..<upper {
        let one = TermRun(lower: UInt32(term), upper: UInt32(term + 1), typos: 0)
        expected.formUnion(text.records(of: [one], universe: Self.recordCount).sortedDocs)
      }
      if ["q", "ж"].contains(character) {
        #expect(kept?.sortedDocs.isEmpty ?? true, "\(character): not built ahead")
      } else {
        #expect(kept.map { Set($0.sortedDocs) } == expected, "\(character)")
      }
    }
  }

  @Test("searches answer the same warmed up or not, in memory and reopened")
  func sameAnswers() throws {
    let records = Self.records()
    let folder = try ScratchFolder()
    let pairs = [
      (try Fixture.index(records, settings: Self.settings), try Fixture.index(records, settings: Self.settings)),
      (
        try DurableDifferentialTests.reopened(records, folder: folder, settings: Self.settings),
        try Fixture.index(records, settings: Self.settings)
      ),
    ]
    for (warmed, cold) in pairs {
      warmed.warmUp()
      for text in ["c", "ca", "s", "st3", "l", "é", "q", "ж", "tz", "c l", "sh1 ta"] {
        let query = Fixture.query(text) {
          $0.facets = ["price", "brand"]
          $0.hitsPerPage = 50
        }
        let (left, right) = (try warmed.search(query), try cold.search(query))
        #expect(left.nbHits == right.nbHits, "\(text)")
        #expect(Fixture.ids(left) == Fixture.ids(right), "\(text)")
        #expect(left.facets == right.facets, "\(text)")
        #expect(left.facetsStats == right.facetsStats, "\(text)")
      }
    }
  }
}
