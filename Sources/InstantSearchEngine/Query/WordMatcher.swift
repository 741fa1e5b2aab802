/// How a term of the index matches a query word.
struct TermMatch: Sendable {
  /// Typos spent (a typo on the first letter counts two).
  let typos: Int
  /// Whether the whole word matched without typo.
  let isExact: Bool
}

/// A query word and the terms it matches.
struct QueryWord: Sendable {
  /// The folded word.
  let text: String
  /// Whether it matches as a prefix.
  let isPrefix: Bool
  /// The terms it matches.
  let matches: [UInt32: TermMatch]

  /// Finds the terms of `text` in the index.
  init(text: String, isPrefix: Bool, allowedTypos: Int, index: TextIndex) {
    self.text = text
    self.isPrefix = isPrefix
    let query = Array(text.utf8)
    var matches: [UInt32: TermMatch] = [:]
    if isPrefix {
      for term in index.terms(withPrefix: query) {
        matches[term] = TermMatch(typos: 0, isExact: index.termBytes[Int(term)] == query)
      }
    } else if let exact = Self.exactTerm(query, index: index) {
      matches[exact] = TermMatch(typos: 0, isExact: true)
    }
    if allowedTypos > 0 {
      for term in 0..<UInt32(index.termBytes.count) where matches[term] == nil {
        let candidate = index.termBytes[Int(term)]
        if !isPrefix, abs(candidate.count - query.count) > allowedTypos { continue }
        if isPrefix, candidate.count < query.count - allowedTypos { continue }
        if let typos = Self.distance(query, candidate, limit: allowedTypos, prefix: isPrefix), typos > 0 {
          matches[term] = TermMatch(typos: typos, isExact: false)
        }
      }
    }
    self.matches = matches
  }

  private static func exactTerm(_ query: [UInt8], index: TextIndex) -> UInt32? {
    let range = index.terms(withPrefix: query)
    return range.first { index.termBytes[Int($0)] == query }
  }

  /// The number of typos allowed for a word of `length` characters.
  static func allowedTypos(length: Int, oneTypo: Int, twoTypos: Int) -> Int {
    length >= twoTypos ? 2 : length >= oneTypo ? 1 : 0
  }

  /// The Damerau–Levenshtein distance (adjacent transpositions count one) from `query` to `term`, or to
  /// its closest prefix when `prefix`; a different first letter costs one more. `nil` beyond `limit`.
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
