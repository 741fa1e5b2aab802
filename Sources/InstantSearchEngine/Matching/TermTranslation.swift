import InstantSearchModel

/// The terms of one segment's dictionary that another segment's dictionary lacks.
///
/// A query over several segments finds the terms of its words in each segment's own dictionary. A small
/// write segment's dictionary holds mostly terms the largest segment holds too, so instead of searching
/// it again with typos, the runs found in the largest segment are carried over (both dictionaries are in
/// byte order, so a run of one is a range of the other) and only the terms new to the small segment are
/// searched (see ``QueryWord/init(translating:from:to:novel:)``).
struct NovelTerms: Sendable {
  /// Their ids in the segment's dictionary, in increasing order.
  let ids: [UInt32]
  /// The same terms as a dictionary of their own: its term `i` is the segment's term `ids[i]`.
  let terms: SortedTerms

  /// The terms of `target` missing from `base`.
  init(of target: SortedTerms, absentFrom base: SortedTerms) {
    var ids: [UInt32] = []
    for term in 0..<target.count where base.id(of: target.bytes(term)) == nil { ids.append(UInt32(term)) }
    self.ids = ids
    terms = SortedTerms(sorted: ids.lazy.map { target.bytes(Int($0)) })
  }

  /// The largest dictionary for which the novel terms are worked out: listing them costs a lookup in
  /// the other dictionary per term, once per pair of segments.
  static let largestTranslated = 65_536
}

/// The novel terms of a text index relative to the last one it was compared with (a view's largest
/// segment changes only with merges). The other index is held weakly: a merged-away segment's terms are
/// not kept alive by the segments that were compared with it.
final class NovelTermsMemo: Sendable {
  /// A weak reference to the index compared with, read and written under the memo's lock only.
  private final class Base: @unchecked Sendable {
    weak var index: TextIndex?
    init(_ index: TextIndex) { self.index = index }
  }

  private let memo = Locked<(base: Base, novel: NovelTerms)?>(nil)

  /// The terms of `target` missing from `base`, worked out the first time.
  func novel(of target: SortedTerms, relativeTo base: TextIndex) -> NovelTerms {
    if let known = memo.withLock({ memo in memo.flatMap { $0.base.index === base ? $0.novel : nil } }) {
      return known
    }
    let novel = NovelTerms(of: target, absentFrom: base.terms)
    memo.withLock { $0 = (Base(base), novel) }
    return novel
  }
}

extension QueryWord {
  /// Whether carrying `word`'s runs over to a dictionary of `targetCount` terms costs less than searching
  /// it: each run costs two binary searches, a search visits the terms.
  static func translates(_ word: QueryWord, toTermCount targetCount: Int) -> Bool {
    targetCount <= NovelTerms.largestTranslated && word.runs.count * 4 < targetCount
  }

  /// `word`, whose terms were found in `base`, with the terms of `target` it matches: exactly what a
  /// search of `target` finds (the typos of a term depend only on its bytes), from `word`'s runs carried
  /// over as ranges of `target` and a search of `novel`, the terms of `target` that `base` lacks.
  init(translating word: QueryWord, from base: SortedTerms, to target: SortedTerms, novel: NovelTerms) {
    var runs: [TermRun] = []
    func append(_ lower: UInt32, _ upper: UInt32, _ typos: UInt8) {
      if let last = runs.last, last.upper == lower, last.typos == typos {
        runs[runs.count - 1].upper = upper
      } else {
        runs.append(TermRun(lower: lower, upper: upper, typos: typos))
      }
    }
    // Every term of `target` from the first not before the run's first term to the first not before the
    // term after the run holds the bytes of a term of the run, or is novel.
    var novelIndex = 0
    for run in word.runs {
      let lower = UInt32(target.lowerBound(base.bytes(Int(run.lower))))
      let upper =
        Int(run.upper) < base.count ? UInt32(target.lowerBound(base.bytes(Int(run.upper)))) : UInt32(target.count)
      guard lower < upper else { continue }
      while novelIndex < novel.ids.count, novel.ids[novelIndex] < lower { novelIndex += 1 }
      var start = lower
      while novelIndex < novel.ids.count, novel.ids[novelIndex] < upper {
        if start < novel.ids[novelIndex] { append(start, novel.ids[novelIndex], run.typos) }
        start = novel.ids[novelIndex] + 1
        novelIndex += 1
      }
      if start < upper { append(start, upper, run.typos) }
    }
    // The novel terms the word matches, each a run of one in `target`.
    let search = TermSearch(query: Array(word.text.utf8), isPrefix: word.isPrefix, limit: word.allowedTypos)
    var found: [TermRun] = []
    for run in search.runs(in: novel.terms) {
      for index in run.lower..<run.upper {
        let id = novel.ids[Int(index)]
        found.append(TermRun(lower: id, upper: id + 1, typos: run.typos))
      }
    }
    if !found.isEmpty {
      let carried = runs
      runs = []
      var left = 0
      var right = 0
      while left < carried.count || right < found.count {
        let next: TermRun
        if right == found.count || left < carried.count && carried[left].lower < found[right].lower {
          next = carried[left]
          left += 1
        } else {
          next = found[right]
          right += 1
        }
        append(next.lower, next.upper, next.typos)
      }
    }
    self.init(
      text: word.text, isPrefix: word.isPrefix, allowedTypos: word.allowedTypos, runs: runs, terms: target,
      alternatives: word.alternatives)
  }
}

extension SearchExecutor {
  /// This snapshot's query words, from `baseWords`, the same words found in the text index of
  /// `baseSnapshot` (a larger segment): carried over where that costs less than searching this dictionary
  /// again.
  func queryWords(translating baseWords: [QueryWord], from baseSnapshot: IndexSnapshot) -> [QueryWord] {
    // No words (a browse), or this very text index: nothing to translate, and no text index read.
    guard !baseWords.isEmpty, snapshot.textPart !== baseSnapshot.textPart else { return baseWords }
    let target = snapshot.text
    let base = baseSnapshot.text
    let derived = derivedAlternatives(of: baseWords)
    return baseWords.enumerated().map { position, word in
      var carried: QueryWord
      if let more = derived[position] {
        // Compounds or readings only this segment holds: the word is searched here with them.
        carried = QueryWord(
          text: word.text, isPrefix: word.isPrefix, allowedTypos: word.allowedTypos, index: target,
          alternatives: word.alternatives + more)
      } else if QueryWord.translates(word, toTermCount: target.terms.count) {
        let novel = target.novelTerms.novel(of: target.terms, relativeTo: base)
        carried = QueryWord(translating: word, from: base.terms, to: target.terms, novel: novel)
      } else {
        carried = QueryWord(
          text: word.text, isPrefix: word.isPrefix, allowedTypos: word.allowedTypos, index: target,
          alternatives: word.alternatives)
      }
      carried.countsAsExact = word.countsAsExact
      return carried
    }
  }

  /// Per word of `words` (found in another segment), the alternatives this segment's own terms add to
  /// those it has: the compounds it is a part of and the words that read as it (see
  /// ``compoundAlternatives(of:isPrefix:languages:)``, ``readingAlternatives(of:isPrefix:)``), which depend
  /// on the segment's terms; `nil` for a word with none to add, or in an exact phrase.
  func derivedAlternatives(of words: [QueryWord]) -> [[SynonymTable.Alternative]?] {
    let languages = decompoundingLanguages
    guard !languages.isEmpty || transliterates else { return words.map { _ in nil } }
    let texts = queryText.words
    return words.enumerated().map { position, word in
      guard position < texts.count, !texts[position].isInPhrase, texts[position].text == word.text else { return nil }
      var more: [SynonymTable.Alternative] = []
      for alternative in derivedAlternatives(of: word.text, isPrefix: word.isPrefix, languages: languages)
      where !word.alternatives.contains(where: { $0.word == alternative.word })
        && !more.contains(where: { $0.word == alternative.word })
      {
        more.append(alternative)
      }
      return more.isEmpty ? nil : more
    }
  }
}
