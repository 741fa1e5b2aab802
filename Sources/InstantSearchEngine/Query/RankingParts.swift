/// The matches of a query split by what set algebra tells of each record without reading it: which
/// query words it holds without typo, and which it holds exactly. Each part has a bound (fewest typos,
/// most exact words, the closest proximity and best attribute any record could have) that no record of
/// the part can beat, and the parts are listed best bound first.
struct RankingParts {
  /// Records of one part and the best score any of them can have.
  struct Part {
    var members: Bitset
    var count: Int
    var bound: TextScore
  }

  /// Below this many matches, ``TextScorer/RankingStrategy/automatic`` scores every match rather than
  /// splitting them into parts (the parts' bitsets span the whole index).
  static let smallPart = 512
  /// How many query words split the matches (each doubles or quadruples the parts).
  static let splittingWords = 3

  let parts: [Part]

  /// The parts of `matches`; `bits`, when given, holds exactly the same records.
  init(words: [QueryWord], matches: [UInt32], bits: Bitset? = nil, snapshot: IndexSnapshot, bound: TextScore) {
    let universe = snapshot.recordCount
    let all = bits ?? Bitset(universe: universe, matches)
    // Per splitting word, the records holding it without typo (when some of its terms have typos) and
    // the records holding it exactly (when the index has the word).
    var splits: [(members: Bitset, typos: Int, exact: Int, attribute: Int)] = []
    var baseTypos = 0
    var baseExact = 0
    for (index, word) in words.enumerated() {
      let hasTypos = word.runs.contains { $0.typos > 0 }
      let exact = word.exactTerm.flatMap { word.match($0) != nil ? $0 : nil }
      guard index < Self.splittingWords else {
        baseTypos += word.runs.map { Int($0.typos) }.min() ?? 0
        baseExact += exact == nil ? 0 : 1
        continue
      }
      if hasTypos {
        let zero = word.runs.filter { $0.typos == 0 }
        // Outside the zero-typo records, a record has a typo on this word.
        splits.append((snapshot.text.records(of: zero, universe: universe).bitset(universe: universe), 1, 0, 0))
        if zero.isEmpty { baseTypos += Int(word.runs.map(\.typos).min() ?? 0) - 1 }
      }
      if let exact {
        let run = TermRun(lower: exact, upper: exact + 1, typos: 0)
        // Inside the exact records, one more exact word (outside, one typo fewer is impossible: no change).
        splits.append((snapshot.text.records(of: [run], universe: universe).bitset(universe: universe), 0, 1, 0))
      }
    }
    // Outside the records where a query term has rank 0, the attribute criterion is at best rank 1.
    if bound.attribute == 0, let leads = snapshot.text.leads {
      var lead = Bitset(universe: universe)
      for word in words { lead.formUnion(leads.records(of: word.runs, universe: universe)) }
      splits.append((lead, 0, 0, 1))
    }
    var parts: [Part] = []
    func split(_ members: Bitset, count: Int, _ index: Int, typos: Int, exact: Int, attribute: Int) {
      guard count > 0 else { return }
      guard index < splits.count else {
        var partBound = bound
        partBound.typos = typos
        partBound.exact = exact
        partBound.attribute = max(partBound.attribute, attribute)
        parts.append(Part(members: members, count: count, bound: partBound))
        return
      }
      let (set, typoCost, exactGain, attributeOutside) = splits[index]
      let (inside, insideCount, outside, outsideCount) = members.split(by: set)
      split(inside, count: insideCount, index + 1, typos: typos, exact: exact + exactGain, attribute: attribute)
      split(
        outside, count: outsideCount, index + 1, typos: typos + typoCost, exact: exact,
        attribute: max(attribute, attributeOutside))
    }
    split(all, count: matches.count, 0, typos: baseTypos, exact: baseExact, attribute: 0)
    self.parts = parts.sorted { $0.bound < $1.bound }
  }
}
