import Testing

@testable import InstantSearchEngine

/// A query word's terms carried over from a larger segment's dictionary to a smaller one's must be
/// exactly what searching the smaller dictionary finds: the same runs, typos, exact term and synonyms.
@Suite("Term translation between segments")
struct TermTranslationTests {
  typealias Generator = DifferentialTests.Generator

  /// Each matched term with its typos (runs may be cut differently and mean the same).
  static func terms(_ runs: [TermRun]) -> [UInt32: UInt8] {
    var terms: [UInt32: UInt8] = [:]
    for run in runs { for term in run.lower..<run.upper { terms[term] = run.typos } }
    return terms
  }

  @Test("random dictionaries, words and synonyms: the carried-over word equals the searched one")
  func randomDictionaries() {
    var random = Generator(state: 0x5E6)
    var novelSeen = 0
    for round in 0..<300 {
      let baseWords = (0..<random.int(1..<150)).map { _ in TermSearchTests.word(&random, length: 1..<9) }
      // The smaller dictionary: some of the larger one's terms, and some of its own.
      var targetWords = baseWords.filter { _ in random.int(0..<3) == 0 }
      targetWords += (0..<random.int(0..<12)).map { _ in TermSearchTests.word(&random, length: 1..<9) }
      let base = SortedTerms(baseWords)
      let target = SortedTerms(targetWords)
      let novel = NovelTerms(of: target, absentFrom: base)
      novelSeen += novel.ids.count
      #expect(novel.ids.allSatisfy { base.id(of: target.bytes(Int($0))) == nil })
      #expect(novel.ids.count == (0..<target.count).filter { base.id(of: target.bytes($0)) == nil }.count)
      for _ in 0..<6 {
        let text = random.bool() ? random.pick(baseWords + targetWords) : TermSearchTests.word(&random, length: 1..<10)
        let alternatives = (0..<random.int(0..<3)).map { _ in
          SynonymTable.Alternative(
            word: random.pick(baseWords + targetWords), typos: random.int(0..<3), isExact: random.bool())
        }
        for limit in 0...2 {
          for prefix in [false, true] {
            let inBase = QueryWord(
              text: text, isPrefix: prefix, allowedTypos: limit, terms: base, alternatives: alternatives)
            let searched = QueryWord(
              text: text, isPrefix: prefix, allowedTypos: limit, terms: target, alternatives: alternatives)
            let carried = QueryWord(translating: inBase, from: base, to: target, novel: novel)
            let context = "round \(round): '\(text)' prefix \(prefix) limit \(limit)"
            #expect(Self.terms(carried.runs) == Self.terms(searched.runs), "\(context)")
            #expect(zip(carried.runs, carried.runs.dropFirst()).allSatisfy { $0.upper <= $1.lower }, "\(context)")
            #expect(carried.exactTerm == searched.exactTerm, "\(context)")
            #expect(carried.exactAlternatives.sorted() == searched.exactAlternatives.sorted(), "\(context)")
          }
        }
      }
    }
    #expect(novelSeen > 300)
  }

  @Test("The memo follows the index compared with and does not keep a merged-away one alive")
  func memoFollowsTheBase() {
    func index(_ words: [String]) -> TextIndex {
      TextIndex(terms: SortedTerms(words), termOfToken: [], postings: PostingLists(starts: [], records: []))
    }
    let target = SortedTerms(["apple", "kiwi", "pear"])
    let memo = NovelTermsMemo()
    var first: TextIndex? = index(["apple", "pear"])
    weak let released = first
    if let first { #expect(memo.novel(of: target, relativeTo: first).ids == [1]) }
    first = nil
    #expect(released == nil)
    let second = index(["kiwi"])
    #expect(memo.novel(of: target, relativeTo: second).ids == [0, 2])
    #expect(memo.novel(of: target, relativeTo: second).ids == [0, 2])
  }
}
