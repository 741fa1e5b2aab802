extension TextIndex {
  /// How many terms a query's words may match for ``tokens(of:)`` to list their tokens: beyond, the walker
  /// looks each token's term up instead (listing them would cost more than it saves).
  static let maximumKeptTerms = 4_096

  /// The tokens of each term, grouped by term: `starts[term]..<starts[term + 1]` in `tokens`; what
  /// `termOfToken` maps, inverted.
  static func tokensByTerm(termOfToken: [UInt32], termCount: Int) -> (starts: [UInt32], tokens: [UInt32]) {
    var starts = [UInt32](repeating: 0, count: termCount + 1)
    for term in termOfToken where Int(term) < termCount { starts[Int(term) + 1] += 1 }
    for index in 0..<termCount { starts[index + 1] += starts[index] }
    var next = starts
    var tokens = [UInt32](repeating: 0, count: Int(starts[termCount]))
    for (token, term) in termOfToken.enumerated() where Int(term) < termCount {
      tokens[Int(next[Int(term)])] = UInt32(token)
      next[Int(term)] += 1
    }
    return (starts, tokens)
  }

  /// The tokens whose terms `runs` hold, as a bitset over token ids, or `nil` when the runs hold more than
  /// ``maximumKeptTerms`` terms.
  func tokens(of runs: [TermRun]) -> Bitset? {
    let termCount = runs.reduce(0) { $0 + Int($1.upper - $1.lower) }
    guard termCount <= Self.maximumKeptTerms else { return nil }
    var bits = Bitset(universe: termOfToken.count)
    for run in runs {
      let lower = Int(tokenStarts[min(Int(run.lower), tokenStarts.count - 1)])
      let upper = Int(tokenStarts[min(Int(run.upper), tokenStarts.count - 1)])
      for index in lower..<upper { bits.insert(tokensOfTerms[index]) }
    }
    return bits
  }
}
