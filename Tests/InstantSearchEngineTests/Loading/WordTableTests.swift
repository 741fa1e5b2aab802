import Testing

@testable import InstantSearchEngine

/// ``WordTable`` (a facet's numbers interned while loading, one read a number) against a dictionary, and
/// the facet builder's number path against the byte-key path it stands for.
@Suite("Word table")
struct WordTableTests {
  @Test("random words, many alike in their low bits, grown from the smallest table: each id as a dictionary keeps it")
  func againstDictionary() {
    var random = DifferentialTests.Generator(state: 41)
    var table = WordTable(capacity: 1)
    var expected: [UInt64: UInt32] = [:]
    for step in 0..<40_000 {
      // Doubles of few distinct values (their low bits all zero), small integers, and any word at all.
      let word: UInt64
      switch random.int(0..<3) {
      case 0: word = Double(random.int(0..<3_000)).bitPattern
      case 1: word = UInt64(random.int(0..<2_000)) << 52
      default: word = random.next()
      }
      var added = false
      let id = table.id(of: word) {
        added = true
        return UInt32(step)
      }
      if let known = expected[word] {
        #expect(id == known && !added, "word \(word)")
      } else {
        #expect(id == UInt32(step) && added, "word \(word)")
        expected[word] = id
      }
    }
    #expect(table.count == expected.count)
    for (word, id) in expected { #expect(table.id(of: word) == id) }
    for _ in 0..<2_000 {
      let word = random.next() | 1
      #expect(table.id(of: word) == expected[word])
    }
  }

  @Test("the facet builder's number path builds the column its byte keys build, with text and booleans mixed in")
  func numberPathMatchesKeys() {
    var random = DifferentialTests.Generator(state: 43)
    var byKeys = FacetColumnBuilder(path: "price")
    var byNumbers = FacetColumnBuilder(path: "price")
    let recordCount = 3_000
    for doc in 0..<recordCount {
      for _ in 0..<random.int(0..<4) {
        switch random.int(0..<6) {
        case 0:
          // Raw text (as records hold strings no analysis cut), among them keys that spell a number.
          let text = random.bool() ? "\(random.int(0..<50))" : "v\(random.int(0..<30))"
          let key = [FacetKeyKind.raw] + Array(text.utf8)
          key.withUnsafeBufferPointer { key in
            byKeys.add(doc: doc, key: key)
            byNumbers.add(doc: doc, key: key)
          }
        case 1:
          let key = [FacetKeyKind.bool, UInt8(random.int(0..<2))]
          key.withUnsafeBufferPointer { key in
            byKeys.add(doc: doc, key: key)
            byNumbers.add(doc: doc, key: key)
          }
        default:
          let value = random.bool() ? Double(random.int(0..<60)) : Double(random.int(0..<4_000)) / 100
          let bits = value.bitPattern
          let key = [FacetKeyKind.number] + withUnsafeBytes(of: bits.littleEndian) { Array($0) }
          key.withUnsafeBufferPointer { byKeys.add(doc: doc, key: $0) }
          byNumbers.add(doc: doc, numberBits: bits)
        }
      }
    }
    let dictionary = TokenDictionary()
    let expected = byKeys.build(recordCount: recordCount, dictionary: dictionary)
    let built = byNumbers.build(recordCount: recordCount, dictionary: dictionary)
    #expect(Array(built.keys) == Array(expected.keys))
    #expect(Array(built.numbers) == Array(expected.numbers))
    #expect(Array(built.counts) == Array(expected.counts))
    #expect(Array(built.keyRank) == Array(expected.keyRank))
    for doc in 0..<recordCount {
      var values: [Int] = []
      var expectedValues: [Int] = []
      built.forEachValue(doc) { values.append($0) }
      expected.forEachValue(doc) { expectedValues.append($0) }
      #expect(values == expectedValues, "record \(doc)")
    }
  }
}
