/// Computes ``TextScore``s by reading the searchable text of candidate records.
struct TextScorer {
  let snapshot: IndexSnapshot
  let words: [QueryWord]
  /// Where the words may be found and which must form phrases: a record that breaks them has no score.
  let constraints: TextConstraints

  /// Per query word `i`, a table by term at `tableStarts[i]..<tableStarts[i + 1]` of `tables`: 0 for no
  /// match, else 1 + typos, bit 7 set when exact.
  private let tables: [UInt8]
  private let tableStarts: [Int]
  /// The first term of each word's table.
  private let tableLowers: [Int]
  /// Attribute rank base by trie node (-1: not searchable), and whether positions count.
  let nodeRanks: [Int]
  let nodeOrdered: [Bool]
  /// For a query of one word with `exactOnSingleWordQuery: attribute`: an exact match counts only when
  /// the word is its text's whole value.
  private let wholeForExact: Bool
  /// With prefix-free attributes (``TextConstraints/isPrefixFree(node:)``): the query words matched as
  /// whole words, prefix words searched again without their prefix (empty otherwise).
  private let wholeWords: [QueryWord]
  /// The terms any query word matches: the only words of a record the score depends on.
  private let matchedTerms: TermSpan
  private let matchedRuns: [TermRun]
  /// How many records are scored before their words are checked by token (see ``TextIndex/tokens(of:)``):
  /// listing the tokens of the matched terms pays off only for queries that read many records.
  static let recordsBeforeListingTokens = 128
  /// A score no record can beat: the fewest typos and the best attribute rank of any matched term, every
  /// word exact where an exact term exists, and adjacent words.
  let bound: TextScore
  /// The snapshot's record store, text walker and term of each token, read once: read through the
  /// snapshot for every record scored, they were retained and released each time (a tenth of a
  /// keystroke that scores a thousand records). The terms are the ones opening verified itself.
  private let store: RecordStore
  private let walker: TextWalker
  private let termOfToken: [UInt32]
  /// The matches as a bitset, when the search has one (exactly the records ranked): ranking parts start
  /// from it instead of building it again.
  var matchBits: Bitset?

  /// Buffers reused from one record to the next, by one scorer only (they hold its listed tokens).
  struct Scratch {
    /// How many records were scored, and the matched terms with their tokens listed once that reaches
    /// ``TextScorer/recordsBeforeListingTokens``.
    var scored = 0
    /// (``TermSpan/all`` until then: not optional, so that it is read in place, never copied.)
    var listed = TermSpan.all
    var tokens: [WalkedToken] = []
    var positions: [Int32] = []
    var bestTypos: [Int] = []
    var exact: [Bool] = []
    /// Bytes read ahead of scoring (kept so that the reads are not optimized away).
    var warmed: UInt8 = 0
  }

  init(snapshot: IndexSnapshot, words: [QueryWord], constraints: TextConstraints = TextConstraints()) {
    self.snapshot = snapshot
    self.words = words
    self.constraints = constraints
    store = snapshot.store
    walker = snapshot.walker
    termOfToken = snapshot.textTerms.termOfToken
    let wholeForExact = words.count == 1 && constraints.singleWordExact == .attribute
    self.wholeForExact = wholeForExact
    wholeWords = constraints.prefixFreeNodes.isEmpty ? [] : words.map { $0.asWholeWord(in: snapshot) }
    var bound = TextScore(
      typos: 0, words: words.count, proximity: max(0, words.count - 1) * constraints.minProximity, attribute: .max,
      exact: 0, wordsFirst: constraints.wordsFirst)
    var tables: [UInt8] = []
    var starts = [0]
    var lowers: [Int] = []
    for (index, word) in words.enumerated() {
      var typos = Int.max
      let base = tables.count
      let lower = Int(word.runs.first?.lower ?? 0)
      let upper = Int(word.runs.last?.upper ?? 0)
      tables += [UInt8](repeating: 0, count: upper - lower)
      // Read once per word: through the snapshot for every term of a run, the text index was retained
      // and released each time (a fifth of a one-letter keystroke, whose runs hold most terms).
      let text = word.runs.isEmpty ? nil : snapshot.text
      for run in word.runs {
        let code = UInt8(min(Int(run.typos), 100) + 1)
        let slots = (base - lower + Int(run.lower))..<(base - lower + Int(run.upper))
        tables.withUnsafeMutableBufferPointer {
          UnsafeMutableBufferPointer(rebasing: $0[slots]).update(repeating: code)
        }
        bound.attribute = min(bound.attribute, text?.bestRank(in: run.lower..<run.upper) ?? .max)
        typos = min(typos, min(Int(run.typos), 100))
      }
      // `exactOnSingleWordQuery: none`: a query of one word has no exact match.
      let exactCounts = words.count > 1 || constraints.singleWordExact != .none
      let exactTerms = exactCounts ? word.exactTerms : []
      for exact in exactTerms { tables[base - lower + Int(exact)] |= 0x80 }
      // A query of one word matches exactly only an attribute it makes up whole (`attribute`): the
      // bound counts an exact match only if one of its exact terms makes up a whole value somewhere.
      let canBeExact =
        wholeForExact
        ? exactTerms.contains(where: (text ?? snapshot.text).mayBeWhole) : !exactTerms.isEmpty
      starts.append(tables.count)
      lowers.append(lower)
      // A record may lack an optional word, and its typos with it.
      bound.typos += typos == .max || constraints.isOptional(index) ? 0 : typos
      bound.exact += canBeExact ? 1 : 0
    }
    self.bound = bound
    self.tables = tables
    tableStarts = starts
    tableLowers = lowers
    var ranks = [Int](repeating: -1, count: (snapshot.searchableNodes.keys.max() ?? -1) + 1)
    var ordered = [Bool](repeating: false, count: ranks.count)
    for (node, attribute) in snapshot.searchableNodes where !constraints.leavesOut(node: node) {
      ranks[node] = attribute.priority * 100_000
      ordered[node] = attribute.isOrdered
    }
    nodeRanks = ranks
    nodeOrdered = ordered
    let runs = words.flatMap(\.runs)
    matchedTerms = TermSpan(runs)
    matchedRuns = runs
  }

  /// How query word `index` matches `term`: 0 for no match, else 1 + typos, bit 7 set when exact.
  @inline(__always)
  private func match(word index: Int, term: UInt32) -> UInt8 {
    let slot = tableStarts[index] + Int(term) - tableLowers[index]
    return slot >= tableStarts[index] && slot < tableStarts[index + 1] ? tables[slot] : 0
  }

  /// The score of `doc`, or `nil` when a query word is missing from it.
  func score(_ doc: Int, scratch: inout Scratch) -> TextScore? {
    var cutoff = WalkCutoff.none
    return score(doc, scratch: &scratch, cutoff: &cutoff)
  }

  /// Reads the tokens of `doc` that `keep` holds into `tokens` (see ``TextWalker/collect``).
  private func collect(
    _ doc: Int, keep: TermSpan, positions: inout [Int32], tokens: inout [WalkedToken], cutoff: inout WalkCutoff
  ) {
    store.withRecord(doc) { bytes in
      termOfToken.withUnsafeBufferPointer { termOfToken in
        walker.collect(
          bytes, termOfToken: termOfToken, positions: &positions, into: &tokens, keep: keep, cutoff: &cutoff)
      }
    }
  }

  /// A cutoff for reading records that can at best score `bound`, once the worst record kept, `worst`,
  /// ties that bound on every criterion before the attribute (`nil` before): a record must then rank
  /// within `worst`'s attribute to beat it.
  func cutoff(worst: TextScore, bound: TextScore) -> WalkCutoff? {
    guard worst.typos == bound.typos, worst.geo == bound.geo, worst.words == bound.words,
      worst.filters == bound.filters, worst.proximity == bound.proximity
    else { return nil }
    return WalkCutoff(limit: worst.attribute, walker: snapshot.walker, nodeRanks: nodeRanks, nodeOrdered: nodeOrdered)
  }

  /// The score of `doc`, or `nil` when a query word is missing from it or, with an active `cutoff`, when
  /// none of its query words ranks within the cutoff's limit (the record is then not read to its end).
  func score(_ doc: Int, scratch: inout Scratch, cutoff: inout WalkCutoff) -> TextScore? {
    let count = words.count
    scratch.scored += 1
    if scratch.scored == Self.recordsBeforeListingTokens {
      scratch.listed = matchedTerms.listing(tokens: snapshot.text.tokens(of: matchedRuns))
    }
    scratch.tokens.removeAll(keepingCapacity: true)
    // The terms are read in place: `listed ?? matchedTerms` copied them for every record, retaining and
    // releasing the bits that the threads scoring the query share (a tenth of a keystroke that reads a
    // thousand records on two threads).
    if scratch.scored >= Self.recordsBeforeListingTokens {
      collect(doc, keep: scratch.listed, positions: &scratch.positions, tokens: &scratch.tokens, cutoff: &cutoff)
    } else {
      collect(doc, keep: matchedTerms, positions: &scratch.positions, tokens: &scratch.tokens, cutoff: &cutoff)
    }
    if cutoff.isActive, cutoff.gaveUp || !cutoff.satisfied { return nil }
    if !constraints.leftOutNodes.isEmpty {
      scratch.tokens.removeAll { constraints.leavesOut(node: Int($0.node)) }
    }
    // Reset in place (after the first record, the arrays have the words' count already).
    if scratch.bestTypos.count == count {
      scratch.bestTypos.withUnsafeMutableBufferPointer { $0.update(repeating: Int.max) }
      scratch.exact.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
    } else {
      scratch.bestTypos = [Int](repeating: Int.max, count: count)
      scratch.exact = [Bool](repeating: false, count: count)
    }
    var bestAttribute = Int.max
    tables.withUnsafeBufferPointer { tables in
      tableStarts.withUnsafeBufferPointer { starts in
        tableLowers.withUnsafeBufferPointer { lowers in
          scratch.tokens.withUnsafeMutableBufferPointer { tokens in
            scratch.bestTypos.withUnsafeMutableBufferPointer { bestTypos in
              scratch.exact.withUnsafeMutableBufferPointer { exact in
                for tokenIndex in 0..<tokens.count {
                  let term = Int(tokens[tokenIndex].term)
                  let node = Int(tokens[tokenIndex].node)
                  // `disableTypoToleranceOnAttributes`, `disableExactOnAttributes`.
                  let typoFree = constraints.hasAttributeRules && constraints.isTypoFree(node: node)
                  let exactFree = constraints.hasAttributeRules && constraints.isExactFree(node: node)
                  var matched: UInt64 = 0
                  var matchedAny = false
                  for index in 0..<count {
                    // The word's table covers its terms from lowers[index] on.
                    let slot = starts[index] + term - lowers[index]
                    guard slot >= starts[index], slot < starts[index + 1] else { continue }
                    var match = tables[slot]
                    if match != 0, constraints.hasAttributeRules, constraints.isPrefixFree(node: node),
                      words[index].isPrefix
                    {
                      // A prefix word matches here only as a whole word, with the typos that takes.
                      guard let whole = wholeWords[index].match(UInt32(term)) else { continue }
                      match = (match & 0x80) | UInt8(min(whole.typos, 100) + 1)
                    }
                    guard match != 0, !typoFree || match & 0x7F == 1 else { continue }
                    // A compound matched by its part counts only in decompounded attributes, a word
                    // matched by its reading only in transliterated ones.
                    if constraints.hasAttributeRules, let scope = words[index].scope(ofTerm: UInt32(term)),
                      constraints.isOutside(scope, node: node)
                    {
                      continue
                    }
                    matchedAny = true
                    if index < 64 { matched |= 1 << UInt64(index) }
                    bestTypos[index] = min(bestTypos[index], Int(match & 0x7F) - 1)
                    if match & 0x80 != 0, !exactFree, !wholeForExact || tokens[tokenIndex].isWhole {
                      exact[index] = true
                    }
                  }
                  tokens[tokenIndex].words = matched
                  guard matchedAny else { continue }
                  if node < nodeRanks.count, nodeRanks[node] >= 0 {
                    let rank = nodeRanks[node] + (nodeOrdered[node] ? min(Int(tokens[tokenIndex].position), 99_999) : 0)
                    bestAttribute = min(bestAttribute, rank)
                  }
                }
              }
            }
          }
        }
      }
    }
    guard constraints.hasOptionalWords || scratch.bestTypos.allSatisfy({ $0 != Int.max }) else { return nil }
    for phrase in constraints.phrases where !holdsPhrase(phrase, in: scratch.tokens) { return nil }
    guard constraints.hasOptionalWords else {
      var proximity = 0
      if count > 1 {
        for index in 0..<(count - 1) { proximity += closestDistance(from: index, to: index + 1, in: scratch.tokens) }
      }
      let attribute =
        constraints.attributeByMinProximity
        ? closestAttribute(held: Array(0..<count), in: scratch.tokens) ?? bestAttribute : bestAttribute
      return TextScore(
        typos: scratch.bestTypos.reduce(0, +), words: count, proximity: proximity, attribute: attribute,
        exact: scratch.exact.reduce(0) { $0 + ($1 ? 1 : 0) }, wordsFirst: constraints.wordsFirst)
    }
    return scoreWithOptionalWords(scratch: scratch, attribute: bestAttribute)
  }

  /// The score of a record with optional query words: `nil` when it lacks a required word, or every word;
  /// otherwise its typos, exact words and proximity over the words it holds, and how many it holds.
  private func scoreWithOptionalWords(scratch: Scratch, attribute: Int) -> TextScore? {
    var held: [Int] = []
    var typos = 0
    var exact = 0
    for index in 0..<words.count {
      guard scratch.bestTypos[index] != Int.max else {
        if constraints.isOptional(index) { continue }
        return nil
      }
      held.append(index)
      typos += scratch.bestTypos[index]
      exact += scratch.exact[index] ? 1 : 0
    }
    guard !held.isEmpty else { return nil }
    var proximity = 0
    for (first, second) in zip(held, held.dropFirst()) {
      proximity += closestDistance(from: first, to: second, in: scratch.tokens)
    }
    let chosen =
      constraints.attributeByMinProximity ? closestAttribute(held: held, in: scratch.tokens) ?? attribute : attribute
    return TextScore(
      typos: typos, words: held.count, proximity: proximity, attribute: chosen, exact: exact,
      wordsFirst: constraints.wordsFirst)
  }

  /// The smallest distance (at most 8, at least `minProximity`) between an occurrence of word `index` and
  /// one of word `next` in the same attribute (in attribute `node` only, when given).
  func closestDistance(from index: Int, to next: Int, in tokens: [WalkedToken], node: Int32? = nil) -> Int {
    var best = 8
    for first in tokens where matches(first, index) && (node == nil || first.node == node) {
      for second in tokens where second.node == first.node && matches(second, next) {
        let distance = abs(Int(second.position) - Int(first.position))
        if distance > 0 { best = min(best, distance) }
      }
    }
    // Distances below minProximity rank as minProximity.
    return max(best, constraints.minProximity)
  }

  /// Whether `token` matches query word `word` (its bit, filled by ``score(_:scratch:cutoff:)``, for the
  /// first 64 words).
  @inline(__always)
  func matches(_ token: WalkedToken, _ word: Int) -> Bool {
    word < 64 ? token.words & (1 << UInt64(word)) != 0 : match(word: word, term: token.term) != 0
  }

  /// Whether the words of `phrase` follow one another, in order, in one attribute of the record whose
  /// matched tokens are `tokens`.
  private func holdsPhrase(_ phrase: Range<Int>, in tokens: [WalkedToken]) -> Bool {
    starts: for first in tokens where matches(first, phrase.lowerBound) {
      for (offset, word) in phrase.dropFirst().enumerated() {
        let position = first.position + Int32(offset + 1)
        guard tokens.contains(where: { $0.node == first.node && $0.position == position && matches($0, word) })
        else { continue starts }
      }
      return true
    }
    return false
  }
}
