/// How a term of the index matches a query word.
struct TermMatch: Sendable, Equatable {
  /// Typos spent (a different first letter costs one more).
  let typos: Int
  /// Whether the whole word matched without typo.
  let isExact: Bool
}

/// A query word and the terms it matches, as runs of term ids (see ``TermSearch``).
struct QueryWord: Sendable {
  /// The folded word.
  let text: String
  /// Whether it matches as a prefix.
  let isPrefix: Bool
  /// The matching terms in increasing id order, by runs of equal typos.
  let runs: [TermRun]
  /// The term equal to the word, when the index holds it.
  let exactTerm: UInt32?
  /// The typo budget the word was matched with.
  let allowedTypos: Int
  /// The synonyms it matches too.
  let alternatives: [SynonymTable.Alternative]
  /// The terms of the synonyms that count as exact matches.
  let exactAlternatives: [UInt32]
  /// The terms of every synonym the word matches through (`alternatives` the index holds), increasing.
  let alternativeTerms: [UInt32]
  /// The terms the word matches only through an alternative with a scope (a compound it is a part of,
  /// see `ViewSearch+Decompounding.swift`; a word that reads as it, see `ViewSearch+Transliteration.swift`),
  /// increasing: they count only in their scope's attributes.
  let scopedTerms: [UInt32]
  /// The scope of each of ``scopedTerms``.
  let termScopes: [SynonymTable.Alternative.Scope]
  /// Whether a match of the word may count as exact at all: not for the words a multi-word synonym put in
  /// a query's variant, unless `alternativesAsExact` has `multiWordsSynonym`.
  var countsAsExact = true

  /// Finds the terms of `text` (and of its synonyms' `alternatives`) in the index.
  init(
    text: String, isPrefix: Bool, allowedTypos: Int, index: TextIndex,
    alternatives: [SynonymTable.Alternative] = []
  ) {
    self.init(
      text: text, isPrefix: isPrefix, allowedTypos: allowedTypos, terms: index.terms, alternatives: alternatives)
  }

  /// Finds the terms of `text` (and of its synonyms' `alternatives`) among `terms`.
  init(
    text: String, isPrefix: Bool, allowedTypos: Int, terms: SortedTerms,
    alternatives: [SynonymTable.Alternative] = []
  ) {
    let runs = TermSearch(query: Array(text.utf8), isPrefix: isPrefix, limit: max(0, allowedTypos)).runs(in: terms)
    self.init(
      text: text, isPrefix: isPrefix, allowedTypos: allowedTypos, runs: runs, terms: terms, alternatives: alternatives)
  }

  /// The word matching the terms of `runs` (found among `terms`), and its synonyms' `alternatives`.
  init(
    text: String, isPrefix: Bool, allowedTypos: Int, runs: [TermRun], terms: SortedTerms,
    alternatives: [SynonymTable.Alternative]
  ) {
    self.text = text
    self.isPrefix = isPrefix
    self.allowedTypos = max(0, allowedTypos)
    self.alternatives = alternatives
    let query = Array(text.utf8)
    var runs = runs
    var exact: [UInt32] = []
    var synonyms: [UInt32] = []
    var scoped: [(term: UInt32, scope: SynonymTable.Alternative.Scope)] = []
    // The scoped ones last: a term the word or another alternative matches anyway is not matched only so.
    for alternative in alternatives.filter({ $0.scope == nil }) + alternatives.filter({ $0.scope != nil }) {
      guard let term = terms.id(of: Array(alternative.word.utf8)) else { continue }
      if let scope = alternative.scope, Self.run(holding: term, in: runs) == nil { scoped.append((term, scope)) }
      runs = Self.inserting(term, typos: UInt8(clamping: alternative.typos), into: runs)
      if alternative.isExact { exact.append(term) }
      synonyms.append(term)
    }
    self.runs = runs
    exactAlternatives = exact
    alternativeTerms = synonyms.sorted()
    scoped.sort { $0.term < $1.term }
    scopedTerms = scoped.map(\.term)
    termScopes = scoped.map(\.scope)
    exactTerm = terms.id(of: query)
  }

  /// The terms whose match counts as exact for the exact criterion, increasing: the word itself and the
  /// synonyms that count as exact (none when ``countsAsExact`` is off).
  var exactTerms: [UInt32] {
    guard countsAsExact else { return [] }
    var terms = exactAlternatives
    if let exactTerm, match(exactTerm) != nil { terms.append(exactTerm) }
    guard terms.count > 1 else { return terms }
    return Array(Set(terms)).sorted()
  }

  /// The word matched as a whole word (not as a prefix) in `snapshot`, with the same typos and synonyms:
  /// itself when it is not a prefix word. Searched once per snapshot, through its ``WordCache`` (a scorer
  /// and a highlighter are made for each part of each search).
  func asWholeWord(in snapshot: IndexSnapshot) -> QueryWord {
    guard isPrefix else { return self }
    let key = WordCache.Key(text: text, isPrefix: false, allowedTypos: allowedTypos, alternatives: alternatives)
    var whole = snapshot.wordCache.word(key) {
      QueryWord(
        text: text, isPrefix: false, allowedTypos: allowedTypos, index: snapshot.text, alternatives: alternatives)
    }
    whole.countsAsExact = countsAsExact
    return whole
  }

  /// The word without its alternatives of `scopes`, for the attributes where they do not count (see
  /// ``scopedTerms``): itself when it has none.
  func without(_ scopes: Set<SynonymTable.Alternative.Scope>, in snapshot: IndexSnapshot) -> QueryWord {
    guard !scopedTerms.isEmpty else { return self }
    let kept = alternatives.filter { alternative in alternative.scope.map { !scopes.contains($0) } ?? true }
    let key = WordCache.Key(text: text, isPrefix: isPrefix, allowedTypos: allowedTypos, alternatives: kept)
    var plain = snapshot.wordCache.word(key) {
      QueryWord(text: text, isPrefix: isPrefix, allowedTypos: allowedTypos, index: snapshot.text, alternatives: kept)
    }
    plain.countsAsExact = countsAsExact
    return plain
  }

  /// What identifies the word in a ``WordCache``.
  var cacheKey: WordCache.Key {
    WordCache.Key(text: text, isPrefix: isPrefix, allowedTypos: allowedTypos, alternatives: alternatives)
  }

  /// `runs` with `term` matching at `typos` (fewer typos win where it already matched).
  static func inserting(_ term: UInt32, typos: UInt8, into runs: [TermRun]) -> [TermRun] {
    var result: [TermRun] = []
    result.reserveCapacity(runs.count + 2)
    var placed = false
    for run in runs {
      if !placed, term < run.lower {
        result.append(TermRun(lower: term, upper: term + 1, typos: typos))
        placed = true
      }
      guard run.lower <= term, term < run.upper, !placed else {
        result.append(run)
        continue
      }
      placed = true
      if run.typos <= typos {
        result.append(run)
        continue
      }
      if run.lower < term { result.append(TermRun(lower: run.lower, upper: term, typos: run.typos)) }
      result.append(TermRun(lower: term, upper: term + 1, typos: typos))
      if term + 1 < run.upper { result.append(TermRun(lower: term + 1, upper: run.upper, typos: run.typos)) }
    }
    if !placed { result.append(TermRun(lower: term, upper: term + 1, typos: typos)) }
    return result
  }

  /// How `term` matches, if it does (a binary search over the runs).
  func match(_ term: UInt32) -> TermMatch? {
    guard let low = Self.run(holding: term, in: runs) else { return nil }
    return TermMatch(
      typos: Int(runs[low].typos),
      isExact: countsAsExact && (term == exactTerm || (!exactAlternatives.isEmpty && exactAlternatives.contains(term))))
  }

  /// The index of the run of `runs` (increasing, disjoint) that holds `term`, if one does.
  static func run(holding term: UInt32, in runs: [TermRun]) -> Int? {
    var low = 0
    var high = runs.count
    while low < high {
      let middle = (low + high) / 2
      if runs[middle].upper <= term { low = middle + 1 } else { high = middle }
    }
    return low < runs.count && runs[low].lower <= term ? low : nil
  }

  /// The scope of the alternative through which alone the word matches `term` (``scopedTerms``); `nil`
  /// when it matches it otherwise, or not at all.
  @inline(__always)
  func scope(ofTerm term: UInt32) -> SynonymTable.Alternative.Scope? {
    guard !scopedTerms.isEmpty else { return nil }
    var low = 0
    var high = scopedTerms.count
    while low < high {
      let middle = (low + high) / 2
      if scopedTerms[middle] < term { low = middle + 1 } else { high = middle }
    }
    return low < scopedTerms.count && scopedTerms[low] == term ? termScopes[low] : nil
  }

  /// The number of typos allowed for a word of `length` characters.
  static func allowedTypos(length: Int, oneTypo: Int, twoTypos: Int) -> Int {
    length >= twoTypos ? 2 : length >= oneTypo ? 1 : 0
  }

  /// The Damerau–Levenshtein distance (adjacent transpositions count one) from `query` to `term`, or to
  /// its closest prefix when `prefix`; a different first letter costs one more. `nil` beyond `limit`.
  ///
  /// The definition ``TermSearch`` implements without visiting every term; kept as the reference the
  /// randomized tests compare it with.
  static func distance(_ query: [UInt8], _ term: [UInt8], limit: Int, prefix: Bool) -> Int? {
    let n = query.count
    let m = term.count
    guard n > 0, m > 0 else { return nil }
    let firstPenalty = query[0] == term[0] ? 0 : 1
    if firstPenalty > limit { return nil }
    var previousPrevious = [Int](repeating: 0, count: m + 1)
    var previous = Array(0...m)
    var current = [Int](repeating: 0, count: m + 1)
    for i in 1...n {
      current[0] = i
      var rowMinimum = current[0]
      for j in 1...m {
        let cost = query[i - 1] == term[j - 1] ? 0 : 1
        var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, query[i - 1] == term[j - 2], query[i - 2] == term[j - 1] {
          value = min(value, previousPrevious[j - 2] + 1)
        }
        current[j] = value
        rowMinimum = min(rowMinimum, value)
      }
      if rowMinimum > limit { return nil }
      (previousPrevious, previous, current) = (previous, current, previousPrevious)
    }
    let best = prefix ? (previous.min() ?? Int.max) : previous[m]
    let total = best + firstPenalty
    return total <= limit ? total : nil
  }
}
