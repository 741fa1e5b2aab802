/// The inverted index of searchable text: for each term, the records whose searchable attributes hold it.
///
/// Terms are numbered in byte order (``SortedTerms``), so the terms of a prefix, or of a run found by
/// ``TermSearch``, are consecutive ids and their posting lists one contiguous slice of ``postings``.
final class TextIndex: Sendable {
  /// The folded terms in byte order; a term's id is its position.
  let terms: SortedTerms
  /// The term id of each token of the codec's dictionary (``TokenDictionary/noTerm`` for separators).
  let termOfToken: [UInt32]
  /// The records holding each term (see ``PostingLists``); empty for the terms of ``dense``.
  let postings: PostingLists
  /// The bitsets of the terms held by many records.
  let dense: DenseSets
  /// Per term, the best attribute rank any of its occurrences has (`Int.max` when unknown): no record
  /// can score better on the attribute criterion through this term.
  let bestRanks: [Int]
  /// For each term, the records where it has attribute rank 0; `nil` when not kept (too many).
  let leads: LeadPostings?
  /// The terms that make up a whole text value somewhere (`"the"` alone, not `"the light"`): the only ones
  /// a query of one word can match exactly under `exactOnSingleWordQuery: attribute`, as bits by term;
  /// `nil` when unknown (an image of format 2 or older): then any term may.
  let wholeTerms: [UInt64]?
  /// `tokenStarts[term]..<tokenStarts[term + 1]` in `tokensOfTerms`: the tokens of each term (see
  /// ``tokens(of:)``).
  let tokenStarts: [UInt32]
  let tokensOfTerms: [UInt32]
  /// The terms missing from the last larger index a query compared this one with (see ``NovelTerms``).
  let novelTerms = NovelTermsMemo()
  /// The records of the terms of each first character asked for so far.
  let prefixSets = PrefixSets()
  /// The terms by keys derived from them (compounds by their parts) for the languages asked for so far.
  let derivedTerms = DerivedTerms()

  init(
    terms: SortedTerms, termOfToken: [UInt32], postings: PostingLists, dense: DenseSets = DenseSets(),
    bestRanks: [Int] = [], leads: LeadPostings? = nil, wholeTerms: [UInt64]? = nil
  ) {
    self.leads = leads
    self.wholeTerms = wholeTerms
    self.terms = terms
    self.termOfToken = termOfToken
    self.postings = postings
    self.dense = dense
    self.bestRanks = bestRanks
    (tokenStarts, tokensOfTerms) = Self.tokensByTerm(termOfToken: termOfToken, termCount: terms.count)
  }

  /// The best attribute rank of an occurrence of a term of `range` (`Int.max` for an empty range; 0 when a
  /// term's is unknown, the bound that is always true).
  func bestRank(in range: Range<UInt32>) -> Int {
    guard !range.isEmpty else { return .max }
    guard Int(range.upperBound) <= bestRanks.count else { return 0 }
    return bestRanks.withUnsafeBufferPointer { ranks in
      var best = Int.max
      for term in Int(range.lowerBound)..<Int(range.upperBound) { best = min(best, ranks[term]) }
      return best
    }
  }

  /// Whether `term` may make up a whole text value (see ``wholeTerms``): `true` when unknown.
  @inline(__always)
  func mayBeWhole(_ term: UInt32) -> Bool {
    guard let wholeTerms else { return true }
    let word = Int(term >> 6)
    return word < wholeTerms.count && wholeTerms[word] & (1 << UInt64(term & 63)) != 0
  }

  /// The records holding a term of one of `runs`.
  func records(of runs: [TermRun], universe: Int) -> DocSet {
    // The terms of a word's first character: kept once merged (see ``PrefixSets``).
    if runs.count == 1, runs[0].count > 1,
      let known = prefixSets.records(of: runs[0], in: terms, build: { union(of: runs, universe: universe) }),
      known.holds(universe: universe)
    {
      return known
    }
    return union(of: runs, universe: universe)
  }

  /// The records holding a term of one of `runs`, merged from their postings and bitsets.
  private func union(of runs: [TermRun], universe: Int) -> DocSet {
    // Posting ranges, read in place: only a set handed on as a sorted list is copied into an array.
    var ranges: [Range<Int>] = []
    var slots: [Range<Int>] = []
    var total = 0
    for run in runs {
      let range = Int(run.lower)..<Int(run.upper)
      let count = postings.count(range)
      if count > 0 {
        ranges.append(range)
        total += count
      }
      let dense = self.dense.slots(from: run.lower, to: run.upper)
      if !dense.isEmpty { slots.append(dense) }
    }
    if slots.isEmpty, ranges.count == 1, runs.count == 1, runs[0].count == 1 {
      return .sorted(postings.records(ranges[0].lowerBound)[...])
    }
    if slots.isEmpty, total <= universe / 64 {
      var merged: [UInt32] = []
      merged.reserveCapacity(total)
      for range in ranges { postings.forEach(range) { merged.append($0) } }
      merged.sort()
      var unique: [UInt32] = []
      unique.reserveCapacity(merged.count)
      for doc in merged where unique.last != doc { unique.append(doc) }
      return .sorted(unique[...])
    }
    return DocSet.bitset(universe: universe) { words in
      dense.union(slots, into: &words)
      for range in ranges { postings.insert(range, into: &words) }
    }
  }

  /// Bytes held by the text index.
  var storageBytes: Int {
    terms.storageBytes + termOfToken.count * 4 + postings.byteCount
      + (tokenStarts.count + tokensOfTerms.count) * 4
      + dense.byteCount + bestRanks.count * 8 + (wholeTerms?.count ?? 0) * 8 + (leads?.records.byteCount ?? 0)
      + prefixSets.byteCount
  }
}

/// The records where each term has attribute rank 0: the first word of a first-priority ordered attribute,
/// or any word of a first-priority unordered one. A record outside them for every query term cannot have
/// the best attribute score, which lets ranking skip it without reading it.
struct LeadPostings: Sendable {
  /// The records of each term.
  let records: PostingLists

  /// The records where a term of `runs` has rank 0.
  func records(of runs: [TermRun], universe: Int) -> Bitset {
    var result = Bitset(universe: universe)
    for run in runs { records.forEach(Int(run.lower)..<Int(run.upper)) { result.insert($0) } }
    return result
  }
}
