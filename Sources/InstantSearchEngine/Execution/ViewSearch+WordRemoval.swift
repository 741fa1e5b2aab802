import InstantSearchModel

/// `removeWordsIfNoResults`: when a query matches nothing, the same search again with query words made
/// optional — from the end or the start one more at a time, at most ``maximumOptionalWords``, or all at
/// once — until one matches; the answer says which words it made optional (`queryAfterRemoval`).
extension ViewSearch {
  /// The most words made optional one at a time (`lastWords`, `firstWords`): 5, as Algolia documents.
  static let maximumOptionalWords = 5

  /// The searches to try, in order, after `query` matched nothing: each with its query and the
  /// positions (among the query's plain words) of the words it makes optional. None without
  /// `removeWordsIfNoResults`, or without words to make optional.
  static func relaxations(of query: Query, analysis: TextAnalysis) -> [(query: Query, positions: [Int])] {
    let mode = query.removeWordsIfNoResults ?? .none
    let words = QueryText(of: query, analysis: analysis).words
    let plain = words.indices.filter { !words[$0].isInPhrase }
    guard mode != .none, !plain.isEmpty else { return [] }
    let steps: [[Int]]
    switch mode {
    case .none: steps = []
    case .allOptional: steps = [plain]
    case .lastWords:
      steps = (1...min(maximumOptionalWords, plain.count)).map { Array(plain.suffix($0)) }
    case .firstWords:
      steps = (1...min(maximumOptionalWords, plain.count)).map { Array(plain.prefix($0)) }
    }
    return steps.map { positions in
      var relaxed = query
      relaxed.removeWordsIfNoResults = Query.RemoveWordsIfNoResults.none
      relaxed.optionalWords = (query.optionalWords ?? []) + positions.map { words[$0].text }
      return (relaxed, positions)
    }
  }

  /// `text` with the words at `positions` (among its words) between `preTag` and `postTag`, a run of
  /// neighbours together: `sparkly blue <em>iphone cases</em>`. Without the advanced syntax the query's
  /// own spelling is kept; with it, its words are shown as the engine read them.
  static func markingRemoved(
    _ positions: [Int], in query: Query, analysis: TextAnalysis, preTag: String, postTag: String
  ) -> String {
    let marked = Set(positions)
    guard query.advancedSyntax != true else {
      let words = QueryText(of: query, analysis: analysis).words.enumerated().map { index, word in
        marked.contains(index) ? preTag + word.text + postTag : word.text
      }
      return words.joined(separator: " ")
    }
    var text = query.query ?? ""
    var ranges: [(range: Range<Int>, marked: Bool)] = []
    text.withUTF8 { bytes in
      var index = 0
      analysis.forEachToken(in: bytes) { range, wordLength in
        guard wordLength > 0 else { return }
        ranges.append((range.lowerBound..<range.lowerBound + wordLength, marked.contains(index)))
        index += 1
      }
    }
    let bytes = Array(text.utf8)
    var result: [UInt8] = []
    var cursor = 0
    for (position, word) in ranges.enumerated() {
      let previous = position > 0 && ranges[position - 1].marked
      let next = position + 1 < ranges.count && ranges[position + 1].marked
      result += bytes[cursor..<word.range.lowerBound]
      if word.marked, !previous { result += Array(preTag.utf8) }
      result += bytes[word.range]
      if word.marked, !next { result += Array(postTag.utf8) }
      cursor = word.range.upperBound
    }
    result += bytes[cursor...]
    return String(decoding: result, as: UTF8.self)
  }
}
