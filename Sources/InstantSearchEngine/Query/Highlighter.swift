import InstantSearchCore

/// Builds `_highlightResult` values.
struct Highlighter {
  let words: [QueryWord]
  let terms: SortedTerms
  let preTag: String
  let postTag: String

  /// The highlight object of any JSON value: leaves for strings and numbers, arrays and objects mirrored.
  func highlight(_ value: JSON) -> JSON? {
    switch value {
    case .string(let text): return .object(leaf(text))
    case .number(let number): return .object(leaf(Filter.Facet.ValueType.number(number).facetKey))
    case .bool(let bool): return .object(leaf(bool ? "true" : "false"))
    case .array(let elements): return .array(elements.compactMap(highlight))
    case .object(let members):
      var result: [String: JSON] = [:]
      for (key, member) in members { if let highlighted = highlight(member) { result[key] = highlighted } }
      return .object(result)
    case .null: return nil
    }
  }

  /// `{value, matchLevel, matchedWords, fullyHighlighted}` for one string.
  func leaf(_ text: String) -> [String: JSON] {
    if words.isEmpty { return ["value": .string(text), "matchLevel": "none", "matchedWords": []] }
    var output = ""
    var matched = Set<Int>()
    var wordCount = 0
    var fullyHighlightedWords = 0
    var text = text
    text.withUTF8 { bytes in
      TextTokens.forEachToken(in: bytes) { range, wordLength in
        let wordRange = range.lowerBound..<range.lowerBound + wordLength
        let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[wordRange]), as: UTF8.self)
        let rest = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[wordRange.upperBound..<range.upperBound]), as: UTF8.self)
        guard wordLength > 0 else {
          output += rest
          return
        }
        wordCount += 1
        var highlightLength: Int?
        if let term = terms.id(of: TextTokens.fold(word).utf8) {
          for (index, queryWord) in words.enumerated() {
            guard let match = queryWord.match(term) else { continue }
            matched.insert(index)
            let length = queryWord.isPrefix && match.typos == 0 && !match.isExact ? queryWord.text.count : word.count
            highlightLength = max(highlightLength ?? 0, min(length, word.count))
          }
        } else {
          let folded = TextTokens.fold(word)
          for (index, queryWord) in words.enumerated() where queryWord.isPrefix && folded.hasPrefix(queryWord.text) {
            matched.insert(index)
            highlightLength = max(highlightLength ?? 0, queryWord.text.count)
          }
        }
        if let length = highlightLength {
          let split = word.index(word.startIndex, offsetBy: length)
          output += preTag + word[..<split] + postTag + word[split...] + rest
          if length == word.count { fullyHighlightedWords += 1 }
        } else {
          output += word + rest
        }
      }
    }
    let level: String
    if words.isEmpty || matched.isEmpty {
      level = "none"
    } else {
      level = matched.count == words.count ? "full" : "partial"
    }
    var leaf: [String: JSON] = [
      "value": .string(output), "matchLevel": .string(level),
      "matchedWords": .array(matched.sorted().map { .string(words[$0].text) }),
    ]
    if level != "none" { leaf["fullyHighlighted"] = .bool(wordCount > 0 && fullyHighlightedWords == wordCount) }
    return leaf
  }
}
