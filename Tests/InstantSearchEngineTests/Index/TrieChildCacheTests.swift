import Testing

@testable import InstantSearchEngine

@Suite("Trie child memo")
struct TrieChildCacheTests {
  @Test("remembers what a dictionary does, through growth, nodes and keys up to their limits")
  func sameAsDictionary() {
    var random = DifferentialTests.Generator(state: 41)
    var cache = TrieChildCache()
    var expected: [UInt64: Int] = [:]
    for child in 0..<5_000 {
      // Many keys under few nodes, and some extreme ids.
      let node = random.int(0..<4) == 0 ? Int(Int32.max) - random.int(0..<3) : random.int(0..<20)
      let key = random.int(0..<4) == 0 ? UInt32.max - UInt32(random.int(0..<3)) : UInt32(random.int(0..<400))
      let pair = UInt64(node) << 32 | UInt64(key)
      guard expected[pair] == nil else {
        #expect(cache.child(of: node, key: key) == expected[pair])
        continue
      }
      #expect(cache.child(of: node, key: key) == nil)
      cache.remember(child, of: node, key: key)
      expected[pair] = child
    }
    for (pair, child) in expected {
      #expect(cache.child(of: Int(pair >> 32), key: UInt32(truncatingIfNeeded: pair)) == child)
    }
    #expect(cache.child(of: 20, key: 0) == nil)
  }
}
