/// The inverted index of searchable text: for each term, the records whose searchable attributes hold it.
final class TextIndex: Sendable {
  /// `postingStarts[term]..<postingStarts[term + 1]` in `postings`: sorted record numbers.
  let postingStarts: [UInt32]
  let postings: [UInt32]
  /// Term ids sorted by their folded text, for prefix ranges.
  let sortedTerms: [UInt32]
  /// The folded text of each term, as bytes, for prefix comparisons.
  let termBytes: [[UInt8]]
  /// Bitsets of the terms held by many records; their posting lists are empty.
  let denseBits: [UInt32: [UInt64]]
  /// Per term, the best attribute rank any of its occurrences has (`Int.max` when unknown): no record
  /// can score better on the attribute criterion through this term.
  let bestRanks: [Int]

  init(
    postingStarts: [UInt32], postings: [UInt32], sortedTerms: [UInt32], termBytes: [[UInt8]],
    denseBits: [UInt32: [UInt64]] = [:], bestRanks: [Int] = []
  ) {
    self.denseBits = denseBits
    self.bestRanks = bestRanks
    self.postingStarts = postingStarts
    self.postings = postings
    self.sortedTerms = sortedTerms
    self.termBytes = termBytes
  }

  /// How many records hold `term`.
  @inline(__always)
  func documentFrequency(_ term: UInt32) -> Int {
    guard Int(term) + 1 < postingStarts.count else { return 0 }
    return Int(postingStarts[Int(term) + 1] - postingStarts[Int(term)])
  }

  /// The best attribute rank of an occurrence of `term` (0 when unknown, the bound that is always true).
  @inline(__always)
  func bestRank(_ term: UInt32) -> Int {
    Int(term) < bestRanks.count ? bestRanks[Int(term)] : 0
  }

  /// The records holding one of `terms`.
  func records(of terms: some Sequence<UInt32>, universe: Int) -> DocSet {
    var lists: [ArraySlice<UInt32>] = []
    var dense: [[UInt64]] = []
    for term in terms {
      if let bits = denseBits[term] { dense.append(bits) } else { lists.append(postings(term)) }
    }
    guard !dense.isEmpty else { return DocSet.union(lists, universe: universe) }
    return DocSet.bitset(universe: universe) { words in
      words.withUnsafeMutableBufferPointer { words in
        for bits in dense {
          bits.withUnsafeBufferPointer { bits in
            for index in 0..<min(words.count, bits.count) { words[index] |= bits[index] }
          }
        }
        for list in lists {
          for doc in list { words[Int(doc >> 6)] |= 1 << UInt64(doc & 63) }
        }
      }
    }
  }

  /// The records holding `term` (empty for a dense term; see ``records(of:universe:)``).
  func postings(_ term: UInt32) -> ArraySlice<UInt32> {
    guard Int(term) + 1 < postingStarts.count else { return [] }
    return postings[Int(postingStarts[Int(term)])..<Int(postingStarts[Int(term) + 1])]
  }

  /// The terms starting with `prefix` (folded bytes).
  func terms(withPrefix prefix: [UInt8]) -> ArraySlice<UInt32> {
    var low = 0
    var high = sortedTerms.count
    while low < high {
      let middle = (low + high) / 2
      if termBytes[Int(sortedTerms[middle])].lexicographicallyPrecedes(prefix) {
        low = middle + 1
      } else {
        high = middle
      }
    }
    var end = low
    while end < sortedTerms.count, termBytes[Int(sortedTerms[end])].starts(with: prefix) { end += 1 }
    return sortedTerms[low..<end]
  }
}
