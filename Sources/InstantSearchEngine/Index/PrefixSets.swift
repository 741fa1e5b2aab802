import InstantSearchModel

/// The records of every term starting with one character, for the character typed first in a word ("c",
/// then "casfus j"): a union of the postings of thousands of terms, a large part of the index, that each
/// word typed asks for again. Each is built by the first query that needs it and kept with the index:
/// one bitset per first character of the dictionary's terms (a few dozen for an alphabet), at most
/// ``capacity`` (a script of thousands of characters keeps its first ones asked for), ``byteCount`` in all.
final class PrefixSets: Sendable {
  /// How many sets are kept at most (64 × 125 KB at a million records).
  static let capacity = 64

  /// By first term: the term after the last one, and the records.
  private let sets = Locked<[Int: (upper: Int, records: DocSet)]>([:])

  /// The set of the terms `run` spans when they are exactly the terms starting with one character and
  /// their union is worth keeping, built by `build` the first time; `nil` otherwise (the caller
  /// merges the postings itself).
  func records(of run: TermRun, in terms: SortedTerms, build: () -> DocSet) -> DocSet? {
    let lower = Int(run.lower)
    // Keyed by both ends: a narrower run ("ca") can start where a character's terms ("c") start.
    if let known = sets.withLock({ $0[lower] }), known.upper == Int(run.upper) { return known.records }
    guard lower < terms.count, Int(run.upper) <= terms.count, Self.isFirstCharacterRange(run, in: terms) else {
      return nil
    }
    let built = build()
    guard case .bits = built else { return built }
    sets.withLock { sets in
      if sets.count < Self.capacity { sets[lower] = (Int(run.upper), built) }
    }
    return built
  }

  /// Whether `run` is exactly the terms that start with the first character of its first term.
  static func isFirstCharacterRange(_ run: TermRun, in terms: SortedTerms) -> Bool {
    guard let prefix = firstCharacter(of: terms.bytes(Int(run.lower))) else { return false }
    let start = terms.lowerBound(prefix)
    guard start == Int(run.lower) else { return false }
    return prefix.withUnsafeBufferPointer { terms.endOfPrefix($0, from: start) } == Int(run.upper)
  }

  /// The bytes of the first character of `term` (as long as its first byte says, in UTF-8); `nil` when
  /// the term is empty or shorter than that.
  static func firstCharacter(of term: ArraySlice<UInt8>) -> [UInt8]? {
    guard let lead = term.first else { return nil }
    let length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
    return term.count >= length ? Array(term.prefix(length)) : nil
  }

  /// How many sets are kept.
  var count: Int { sets.withLock { $0.count } }

  /// The bytes of the sets built so far.
  var byteCount: Int {
    sets.withLock { sets in
      sets.values.reduce(0) { total, set in
        if case .bits(let words, _) = set.records { return total + words.count * 8 }
        return total
      }
    }
  }
}
