/// The matches of a query split by what set algebra tells of each record without reading it: which
/// query words it holds without typo, and which it holds exactly. Each part has a bound (fewest typos,
/// most exact words, the closest proximity and best attribute any record could have) that no record of
/// the part can beat, and the parts are listed best bound first.
struct RankingParts {
  /// Records of one part and the best score any of them can have.
  struct Part {
    var members: Members
    var count: Int
    var bound: TextScore

    /// The part's records in increasing order.
    var sortedMembers: [UInt32] {
      switch members {
      case .sorted(let docs): docs
      case .bits(let bits): bits.members
      }
    }

    /// The part's records as a bitset of `universe` records.
    func bitset(universe: Int) -> Bitset {
      switch members {
      case .sorted(let docs): Bitset(universe: universe, docs)
      case .bits(let bits): bits
      }
    }
  }

  /// How a part holds its records: split from a bitset of the matches (many matches) or from their
  /// sorted list (few: testing each against the splitting sets costs less than a pass over bitsets that
  /// span the whole index for each of up to 2⁷ parts).
  enum Members {
    case sorted([UInt32])
    case bits(Bitset)
  }

  /// One way the matches split: the records of `set` and the others, and what being outside costs
  /// (typos, the attribute rank at best) or being inside gains (exact words).
  private struct Split {
    var set: DocSet
    var typos: Int
    var exact: Int
    var attribute: Int
  }

  /// Below this many matches, ``TextScorer/RankingStrategy/automatic`` scores every match rather than
  /// splitting them into parts (the parts' bitsets span the whole index).
  static let smallPart = 512
  /// How many query words split the matches (each doubles or quadruples the parts).
  static let splittingWords = 3

  let parts: [Part]

  /// The parts of `matches`; `bits`, when given, holds exactly the same records. `byList` forces the
  /// way they are split (tests compare both); by default the density of the matches chooses.
  init(
    words: [QueryWord], matches: [UInt32], bits: Bitset? = nil, snapshot: IndexSnapshot, bound: TextScore,
    byList: Bool? = nil
  ) {
    self.init(
      words: words, listed: matches, count: matches.count, bits: bits, snapshot: snapshot, bound: bound,
      byList: byList)
  }

  /// The parts of the `count` matches held by `bits`, read out of it only if they are split as a list.
  init(words: [QueryWord], bits: Bitset, count: Int, snapshot: IndexSnapshot, bound: TextScore) {
    self.init(words: words, listed: nil, count: count, bits: bits, snapshot: snapshot, bound: bound, byList: nil)
  }

  /// The parts of `count` matches, listed in `listed` or held by `bits` (both, when given, hold the same
  /// records; one of them is given).
  private init(
    words: [QueryWord], listed matches: [UInt32]?, count: Int, bits: Bitset?, snapshot: IndexSnapshot,
    bound: TextScore, byList: Bool?
  ) {
    let universe = snapshot.recordCount
    // Per splitting word, the records holding it without typo (when some of its terms have typos) and
    // the records holding it exactly (when the index has the word).
    var splits: [Split] = []
    var baseTypos = 0
    var baseExact = 0
    for (index, word) in words.enumerated() {
      let hasTypos = word.runs.contains { $0.typos > 0 }
      let exactTerms = word.exactTerms
      guard index < Self.splittingWords else {
        baseTypos += word.runs.map { Int($0.typos) }.min() ?? 0
        baseExact += exactTerms.isEmpty ? 0 : 1
        continue
      }
      if hasTypos {
        let zero = word.runs.filter { $0.typos == 0 }
        // Outside the zero-typo records, a record has a typo on this word.
        splits.append(Split(set: snapshot.text.records(of: zero, universe: universe), typos: 1, exact: 0, attribute: 0))
        if zero.isEmpty { baseTypos += Int(word.runs.map(\.typos).min() ?? 0) - 1 }
      }
      // One word that cannot be exact (see ``TextScorer``'s bound) splits nothing off by exactness.
      if !exactTerms.isEmpty, words.count > 1 || bound.exact > 0 {
        let runs = exactTerms.map { TermRun(lower: $0, upper: $0 + 1, typos: 0) }
        // Inside the exact records, one more exact word (outside, one typo fewer is impossible: no change).
        splits.append(
          Split(set: snapshot.text.records(of: runs, universe: universe), typos: 0, exact: 1, attribute: 0))
      }
    }
    // Outside the records where a query term has rank 0, the attribute criterion is at best rank 1.
    if bound.attribute == 0, let leads = snapshot.text.leads {
      var lead = Bitset(universe: universe)
      for word in words { lead.formUnion(leads.records(of: word.runs, universe: universe)) }
      splits.append(Split(set: .bits(lead.words, count: lead.count), typos: 0, exact: 0, attribute: 1))
    }
    let base = Bound(typos: baseTypos, exact: baseExact, attribute: 0)
    // By bitset, each of up to 2ˢ − 1 splits passes over a bitset of the whole index; by list, each match
    // is tested against each of the s splitting sets, then grouped (about twice a word's cost each).
    let words = (universe + 63) / 64
    let listed = byList ?? (count * splits.count * 2 <= ((1 << splits.count) - 1) * words)
    let parts =
      listed
      ? Self.partsByList(matches ?? bits?.members ?? [], splits: splits, base: base, bound: bound)
      : Self.partsByBits(
        bits ?? Bitset(universe: universe, matches ?? []), count: count, universe: universe, splits, base, bound)
    self.parts = parts.sorted { $0.bound < $1.bound }
  }

  /// The criteria a part's records are known to have at best, before the query's own bound.
  private struct Bound {
    var typos: Int
    var exact: Int
    var attribute: Int

    /// The part's bound: the query's bound with these criteria.
    func applied(to bound: TextScore) -> TextScore {
      var result = bound
      result.typos = typos
      result.exact = exact
      result.attribute = max(result.attribute, attribute)
      return result
    }
  }

  /// Parts split from a bitset of the matches, one split at a time.
  private static func partsByBits(
    _ all: Bitset, count: Int, universe: Int, _ splits: [Split], _ base: Bound, _ bound: TextScore
  ) -> [Part] {
    let sets = splits.map { $0.set.bitset(universe: universe) }
    var parts: [Part] = []
    func split(_ members: Bitset, count: Int, _ index: Int, _ known: Bound) {
      guard count > 0 else { return }
      guard index < splits.count else {
        parts.append(Part(members: .bits(members), count: count, bound: known.applied(to: bound)))
        return
      }
      let (inside, insideCount, outside, outsideCount) = members.split(by: sets[index], count: count)
      var insideKnown = known
      insideKnown.exact += splits[index].exact
      var outsideKnown = known
      outsideKnown.typos += splits[index].typos
      outsideKnown.attribute = max(known.attribute, splits[index].attribute)
      split(inside, count: insideCount, index + 1, insideKnown)
      split(outside, count: outsideCount, index + 1, outsideKnown)
    }
    split(all, count: count, 0, base)
    return parts
  }

  /// Parts split from the sorted matches: each match gets a code with bit `k` set when it is outside
  /// split `k`, and the matches are grouped by code (in order, so each part's list stays sorted).
  private static func partsByList(
    _ matches: [UInt32], splits: [Split], base: Bound, bound: TextScore
  ) -> [Part] {
    var codes = [UInt8](repeating: 0, count: matches.count)
    for (index, split) in splits.enumerated() {
      let bit = UInt8(1) << UInt8(index)
      codes.withUnsafeMutableBufferPointer { codes in
        switch split.set {
        case .bits(let words, _):
          words.withUnsafeBufferPointer { words in
            for (slot, doc) in matches.enumerated() where !Bitset.contains(doc, in: words) { codes[slot] |= bit }
          }
        case .sorted(let docs):
          // Both lists increase: one walk through the set.
          var cursor = docs.startIndex
          for (slot, doc) in matches.enumerated() {
            while cursor < docs.endIndex, docs[cursor] < doc { cursor += 1 }
            if cursor == docs.endIndex || docs[cursor] != doc { codes[slot] |= bit }
          }
        }
      }
    }
    var counts = [Int](repeating: 0, count: 1 << splits.count)
    for code in codes { counts[Int(code)] += 1 }
    var lists = counts.map { count -> [UInt32] in
      var list: [UInt32] = []
      list.reserveCapacity(count)
      return list
    }
    for (slot, doc) in matches.enumerated() { lists[Int(codes[slot])].append(doc) }
    var parts: [Part] = []
    for (code, list) in lists.enumerated() where !list.isEmpty {
      var known = base
      for (index, split) in splits.enumerated() {
        if code & (1 << index) == 0 {
          known.exact += split.exact
        } else {
          known.typos += split.typos
          known.attribute = max(known.attribute, split.attribute)
        }
      }
      parts.append(Part(members: .sorted(list), count: list.count, bound: known.applied(to: bound)))
    }
    return parts
  }
}
