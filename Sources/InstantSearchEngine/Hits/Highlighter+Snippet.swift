import InstantSearchModel

/// Builds `_snippetResult` values: an attribute cut to a window of words around its best match, with the
/// matches highlighted and the cuts marked by the ellipsis text.
extension Highlighter {
  /// One word of a snippeted text: how it is written (tags included), what follows it, and the query words
  /// it matches.
  private struct SnippetWord {
    var rendered: [UInt8]
    var rest: [UInt8]
    var matches: [Int]
  }

  /// The snippet object of any JSON value: leaves for strings and numbers, arrays and objects mirrored.
  /// `scope` says where the value stands with respect to the `camelCaseAttributes`.
  func snippet(
    _ value: JSON, wordCount: Int, ellipsis: String, scope: TextAnalysis.CamelCaseScope = .outside
  ) -> JSON? {
    let splits = scope == .inside
    func leaf(_ text: String) -> JSON {
      .object(snippetLeaf(text, wordCount: wordCount, ellipsis: ellipsis, splitsCamelCase: splits))
    }
    switch value {
    case .string(let text): return leaf(text)
    case .number(let number): return leaf(Filter.Facet.ValueType.number(number).facetKey)
    case .bool(let bool): return leaf(bool ? "true" : "false")
    case .array(let elements):
      return .array(elements.compactMap { snippet($0, wordCount: wordCount, ellipsis: ellipsis, scope: scope) })
    case .object(let members):
      var result: [String: JSON] = [:]
      for (key, member) in members {
        let inner = dictionary.analysis.scope(entering: key, from: scope)
        if let snippeted = snippet(member, wordCount: wordCount, ellipsis: ellipsis, scope: inner) {
          result[key] = snippeted
        }
      }
      return .object(result)
    case .null: return nil
    }
  }

  /// `{value, matchLevel}` for one string: at most `wordCount` words, chosen to hold the most distinct
  /// query words (then the most matched words), the matches as centred as the window allows; the first
  /// words when nothing matches. A cut at either end is marked with `ellipsis`.
  func snippetLeaf(_ text: String, wordCount: Int, ellipsis: String, splitsCamelCase: Bool = false) -> [String: JSON] {
    var prefix: [UInt8] = []
    var list: [SnippetWord] = []
    var matched = IndexSet64()
    var text = text
    text.withUTF8 { bytes in
      dictionary.analysis.forEachToken(in: bytes, splitsCamelCase: splitsCamelCase) { range, wordLength in
        let rest = Array(bytes[(range.lowerBound + wordLength)..<range.upperBound])
        guard wordLength > 0 else {
          if list.isEmpty { prefix += rest } else { list[list.count - 1].rest += rest }
          return
        }
        let wordBytes = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<range.lowerBound + wordLength])
        var own = IndexSet64()
        let found = words.isEmpty ? nil : term(token: UnsafeBufferPointer(rebasing: bytes[range]), word: wordBytes)
        var rendered: [UInt8] = []
        if let replacement = synonymReplacement(term: found, matched: &own) {
          replacement.withUnsafeBufferPointer { tagged($0, length: replacement.count, into: &rendered) }
        } else {
          let length = words.isEmpty ? nil : highlightLength(word: wordBytes, term: found, matched: &own)
          tagged(wordBytes, length: length, into: &rendered)
        }
        for index in own.sorted { matched.insert(index) }
        list.append(SnippetWord(rendered: rendered, rest: rest, matches: own.sorted))
      }
    }
    let window = Self.window(list.map(\.matches), size: max(wordCount, 0), queryWords: words.count)
    var output: [UInt8] = []
    if window.lowerBound == 0 {
      output += prefix
    } else if !ellipsis.isEmpty {
      output += Array(ellipsis.utf8) + [UInt8(ascii: " ")]
    }
    for position in window {
      output += list[position].rendered
      if position < window.upperBound - 1 || window.upperBound == list.count { output += list[position].rest }
    }
    if window.upperBound < list.count {
      var rest = window.isEmpty ? [] : list[window.upperBound - 1].rest
      while let last = rest.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\n") || last == 9 {
        rest.removeLast()
      }
      output += rest
      if !ellipsis.isEmpty { output += [UInt8(ascii: " ")] + Array(ellipsis.utf8) }
    }
    return ["value": .string(String(decoding: output, as: UTF8.self)), "matchLevel": .string(matchLevel(matched))]
  }

  /// The positions of the words to keep: a window of `size` over words whose query-word matches are
  /// `matches`, best by distinct query words, then matched words, then how evenly it frames its matches,
  /// then earliest.
  static func window(_ matches: [[Int]], size: Int, queryWords: Int) -> Range<Int> {
    guard matches.count > size else { return 0..<matches.count }
    guard size > 0 else { return 0..<0 }
    var counts = [Int](repeating: 0, count: max(queryWords, 1))
    var distinct = 0
    var total = 0
    func add(_ position: Int, _ step: Int) {
      for index in matches[position] where index < counts.count {
        if step > 0 && counts[index] == 0 { distinct += 1 }
        counts[index] += step
        if step < 0 && counts[index] == 0 { distinct -= 1 }
      }
      if !matches[position].isEmpty { total += step }
    }
    for position in 0..<size { add(position, 1) }
    var best = (start: 0, distinct: distinct, total: total, imbalance: imbalance(matches, 0, size))
    for start in 1...(matches.count - size) {
      add(start - 1, -1)
      add(start + size - 1, 1)
      guard distinct >= best.distinct else { continue }
      if distinct == best.distinct && total < best.total { continue }
      let balance = imbalance(matches, start, size)
      if distinct == best.distinct && total == best.total && balance >= best.imbalance { continue }
      best = (start, distinct, total, balance)
    }
    return best.start..<best.start + size
  }

  /// How unevenly the window at `start` frames its matched words: the difference between the words before
  /// its first match and after its last (0 without a match, so that the first words win).
  private static func imbalance(_ matches: [[Int]], _ start: Int, _ size: Int) -> Int {
    let range = start..<start + size
    guard let first = range.first(where: { !matches[$0].isEmpty }),
      let last = range.last(where: { !matches[$0].isEmpty })
    else { return 0 }
    return abs((first - start) - (start + size - 1 - last))
  }
}
