import CInstantSearchBits

/// Population counts of bitset words with the processor's instructions where it has them (see
/// `CInstantSearchBits`): Swift's `nonzeroBitCount` compiles for the baseline x86-64 processor, without
/// its population count instruction, and took a fifth of the keystroke `g` counting fifteen colors and
/// twenty categories by their bitsets.
enum PopulationCount {
  /// How many bits `words` sets.
  static func of(_ words: UnsafeBufferPointer<UInt64>) -> Int {
    guard let base = words.baseAddress, !words.isEmpty else { return 0 }
    return instantsearch_popcount(base, words.count)
  }

  /// How many bits `words` sets.
  static func of(_ words: [UInt64]) -> Int {
    words.withUnsafeBufferPointer { of($0) }
  }

  /// How many bits both `first` and `second` set, over the words they both have.
  static func of(_ first: UnsafeBufferPointer<UInt64>, and second: UnsafeBufferPointer<UInt64>) -> Int {
    let count = min(first.count, second.count)
    guard count > 0, let a = first.baseAddress, let b = second.baseAddress else { return 0 }
    return instantsearch_and_popcount(a, b, count)
  }

  /// Which instructions the counts use here: 2 for AVX-512's, 1 for the one-word instruction, 0 for
  /// portable code (the tests compare every level this processor has with `nonzeroBitCount`).
  static var level: Int { Int(instantsearch_popcount_level()) }
}
