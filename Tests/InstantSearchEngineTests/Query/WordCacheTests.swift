import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The words before the one being typed are matched once and reused by the next keystrokes, never
/// across a write, and never more than the cache's capacity.
@Suite("Word cache")
struct WordCacheTests {
  static func records(_ names: [String]) -> [[String: JSON]] {
    names.enumerated().map { ["objectID": .string("r\($0.offset)"), "name": .string($0.element)] }
  }

  @Test("keystrokes after the first word reuse it and answer as without the cache")
  func reuse() throws {
    let index = try Fixture.index(Self.records(["wireless headphones", "wirelss headset", "wired head", "heads up"]))
    for typed in ["wireless h", "wireless he", "wireless hea", "wireless head"] {
      let response = try index.search(Fixture.query(typed))
      let words = SearchExecutor(snapshot: index.snapshot, query: Fixture.query(typed)).queryWords(typo: .enabled)
      let fresh = QueryWord(text: "wireless", isPrefix: false, allowedTypos: 2, index: index.snapshot.text)
      #expect(words[0].runs == fresh.runs)
      #expect(Set(Fixture.ids(response)) == ["r0", "r1"], "\(typed)")
    }
  }

  @Test("the word being typed keeps its records: the same query again, or with filters, reuses them")
  func lastWordRecords() throws {
    let index = try Fixture.index(
      Self.records(["wireless headphones", "wirelss headset", "wired head", "heads up", "wireless mouse"]))
    let first = try index.search(Fixture.query("wireless hea"))
    let words = SearchExecutor(snapshot: index.snapshot, query: Fixture.query("wireless hea")).queryWords(
      typo: .enabled)
    #expect(index.snapshot.wordCache.holdsRecords(words[1].cacheKey))
    #expect(try index.search(Fixture.query("wireless hea")).hits == first.hits)
    #expect(Set(Fixture.ids(first)) == ["r0", "r1"])
    // The cached records restricted by filters: only what the filters leave.
    #expect(Fixture.ids(try index.search(Fixture.query("wireless hea", filters: "objectID:r1"))) == ["r1"])
  }

  @Test("a write starts from an empty cache: the new records are found")
  func writes() throws {
    let index = try Fixture.index(Self.records(["zebra crossing", "zebra cake"]))
    #expect(try index.search(Fixture.query("zebra c")).nbHits == 2)
    try index.saveRecords([["objectID": "new", "name": "zebra crown"], ["objectID": "z", "name": "zebrz cat"]])
    #expect(try index.search(Fixture.query("zebra c")).nbHits == 4)
  }

  @Test("at most the capacity is kept, the least recently used evicted")
  func capacity() throws {
    let index = try Fixture.index(Self.records(["alpha beta"]))
    let cache = WordCache()
    var matched = 0
    func word(_ text: String) -> QueryWord {
      cache.word(WordCache.Key(text: text, isPrefix: false, allowedTypos: 0)) {
        matched += 1
        return QueryWord(text: text, isPrefix: false, allowedTypos: 0, index: index.snapshot.text)
      }
    }
    for round in 0..<WordCache.capacity + 1 { _ = word("w\(round)") }
    #expect(matched == WordCache.capacity + 1)
    _ = word("w\(WordCache.capacity)")
    #expect(matched == WordCache.capacity + 1, "the newest is kept")
    _ = word("w0")
    #expect(matched == WordCache.capacity + 2, "the oldest was evicted")
  }
}
