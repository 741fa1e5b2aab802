import Testing

@testable import InstantSearchEngine

/// The trie walk of ``TermSearch`` must find exactly what measuring every term finds: the same terms
/// with the same typo counts, in prefix mode and not, for every budget.
@Suite("Term search")
struct TermSearchTests {
  /// What a plain scan finds: every term whose ``QueryWord/distance(_:_:limit:prefix:)`` is within the budget.
  static func scan(_ query: String, prefix: Bool, limit: Int, terms: SortedTerms) -> [UInt32: Int] {
    var found: [UInt32: Int] = [:]
    let bytes = Array(query.utf8)
    for term in 0..<terms.count {
      if let typos = QueryWord.distance(bytes, Array(terms.bytes(term)), limit: limit, prefix: prefix) {
        found[UInt32(term)] = typos
      }
    }
    return found
  }

  static func walk(_ query: String, prefix: Bool, limit: Int, terms: SortedTerms) -> [UInt32: Int] {
    var found: [UInt32: Int] = [:]
    let runs = TermSearch(query: Array(query.utf8), isPrefix: prefix, limit: limit).runs(in: terms)
    for (index, run) in runs.enumerated() {
      #expect(run.lower < run.upper)
      if index > 0 { #expect(runs[index - 1].upper <= run.lower, "runs overlap or are out of order") }
      for term in run.lower..<run.upper { found[term] = Int(run.typos) }
    }
    return found
  }

  /// A random word over a small alphabet (so that near misses are common), sometimes with a multi-byte letter.
  static func word(_ random: inout DifferentialTests.Generator, length: Range<Int>) -> String {
    let letters = ["a", "b", "c", "d", "e", "é", "n", "s"]
    return (0..<random.int(length)).map { _ in random.pick(letters) }.joined()
  }

  @Test("random dictionaries and words: same terms, same typos as the plain scan")
  func randomDictionaries() {
    var random = DifferentialTests.Generator(state: 0x7E57)
    for round in 0..<300 {
      let words = (0..<random.int(1..<120)).map { _ in Self.word(&random, length: 1..<9) }
      let terms = SortedTerms(words)
      for _ in 0..<8 {
        // Queries near a term of the dictionary as often as random ones.
        var query = random.bool() ? random.pick(words) : Self.word(&random, length: 1..<10)
        if random.bool(), !query.isEmpty {
          var letters = Array(query)
          letters.remove(at: random.int(0..<letters.count))
          if !letters.isEmpty { query = String(letters) }
        }
        for limit in 0...2 {
          for prefix in [false, true] {
            let expected = Self.scan(query, prefix: prefix, limit: limit, terms: terms)
            let found = Self.walk(query, prefix: prefix, limit: limit, terms: terms)
            #expect(found == expected, "round \(round): '\(query)' prefix \(prefix) limit \(limit) in \(words)")
          }
        }
      }
    }
  }

  @Test("a keystroke's search resumed from the previous keystroke's frontier finds what a whole walk finds")
  func resumedSearches() {
    var random = DifferentialTests.Generator(state: 0xF20E)
    var resumed = 0
    for round in 0..<1000 {
      let words = (0..<random.int(1..<160)).map { _ in Self.word(&random, length: 1..<11) }
      let terms = SortedTerms(words)
      // A word typed one byte at a time (near a term as often as not), each keystroke resuming from the
      // previous one's frontier.
      var typed = Array((random.bool() ? random.pick(words) : Self.word(&random, length: 4..<12)).utf8)
      if random.bool() { typed += Array(Self.word(&random, length: 1..<4).utf8) }
      let limit = random.int(0..<3)
      let prefix = random.bool()
      var frontier: TermSearch.Frontier?
      for length in 1...typed.count {
        let search = TermSearch(query: Array(typed[0..<length]), isPrefix: prefix, limit: limit)
        let whole = search.runs(in: terms)
        let (runs, next) = search.runs(in: terms, resuming: frontier)
        if let frontier, frontier.leads(to: search, width: 2 * (limit + 1) + 1) { resumed += 1 }
        #expect(runs == whole, "round \(round): \(typed[0..<length]) prefix \(prefix) limit \(limit) in \(words)")
        frontier = next
      }
      // A frontier of another query is ignored.
      let other = TermSearch(query: Array("zz".utf8) + typed, isPrefix: prefix, limit: limit)
      #expect(other.runs(in: terms, resuming: frontier).runs == other.runs(in: terms))
    }
    #expect(resumed > 300, "too few keystrokes resumed (\(resumed)): the test would not exercise the frontier")
  }

  @Test("real words: budgets by length, first letter, transposition, prefix with a typo")
  func realWords() {
    let terms = SortedTerms([
      "headphones", "headphone", "head", "heady", "heather", "header", "leather", "feather", "weather",
      "wireless", "wireles", "wirelss", "tireless", "camera", "cmaera", "camel", "professional", "jacket",
    ])
    func typos(_ query: String, _ term: String, prefix: Bool = false) -> Int? {
      let limit = QueryWord.allowedTypos(length: query.count, oneTypo: 4, twoTypos: 8)
      let found = Self.walk(query, prefix: prefix, limit: limit, terms: terms)
      return terms.id(of: Array(term.utf8)).flatMap { found[$0] }
    }
    // Three letters: no typo allowed; four to seven: one; eight and more: two.
    #expect(typos("hed", "head") == nil)
    #expect(typos("heaf", "head") == 1)
    #expect(typos("wireles", "wireless") == 1)
    #expect(typos("wirless", "wireless") == 1)
    #expect(typos("wirelesss", "wireless") == 1)
    #expect(typos("wirelses", "wireless") == 1, "an adjacent transposition counts one")
    #expect(typos("wrieless", "wireless") == 1)
    #expect(typos("wreless", "tireless") == nil, "a different first letter costs two")
    #expect(typos("wireless", "tireless") == 2)
    #expect(typos("leather", "feather") == nil)
    #expect(typos("cmaera", "camera") == 1)
    #expect(typos("profesional", "professional") == 1)
    // Prefixes: the last word matches the start of a term, with its own typo budget.
    #expect(typos("headp", "headphones", prefix: true) == 0)
    #expect(typos("heqdp", "headphones", prefix: true) == 1)
    #expect(typos("hedp", "headphones", prefix: true) == 1)
    #expect(typos("jack", "jacket", prefix: true) == 0)
    #expect(typos("jakc", "jacket", prefix: true) == 1)
    #expect(typos("jac", "jacket", prefix: true) == 0)
    #expect(typos("jca", "jacket", prefix: true) == nil)
  }

  @Test("a prefix of many terms is one run, not a list")
  func prefixRun() {
    let words = (0..<5_000).map { "w" + String($0, radix: 7) } + ["a", "z"]
    let terms = SortedTerms(words)
    let runs = TermSearch(query: Array("w".utf8), isPrefix: true, limit: 0).runs(in: terms)
    #expect(runs == [TermRun(lower: 1, upper: 5_001, typos: 0)])
  }
}
