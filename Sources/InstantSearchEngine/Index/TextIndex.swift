/// The inverted index of searchable text: for each term, the records whose searchable attributes hold it.
final class TextIndex: Sendable {
  /// `postingStarts[term]..<postingStarts[term + 1]` in `postings`: sorted record numbers.
  let postingStarts: [UInt32]
  let postings: [UInt32]
  /// Term ids sorted by their folded text, for prefix ranges.
  let sortedTerms: [UInt32]
  /// The folded text of each term, as bytes, for prefix comparisons.
  let termBytes: [[UInt8]]

  init(postingStarts: [UInt32], postings: [UInt32], sortedTerms: [UInt32], termBytes: [[UInt8]]) {
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

  /// The records holding `term`.
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
