import InstantSearchModel

/// Builds `_highlightResult` values: one per query, shared by its hits (a class, so that handing it to
/// each hit costs one reference count rather than a copy of its arrays).
final class Highlighter {
  let words: [QueryWord]
  /// The text index's terms, and the term of each token of ``dictionary`` (see
  /// ``IndexSnapshot/textTerms``).
  let terms: SortedTerms
  let termOfToken: [UInt32]
  /// The tokens of the indexed text: a word of a hit is found by its token, without folding it.
  let dictionary: TokenDictionary
  let preTag: String
  let postTag: String
  /// The term of each word not indexed as a token, so that it is folded and looked up once a query.
  let seen = WordTermMemo()
  /// The terms any query word matches: a word of a hit whose term is not among them is not highlighted,
  /// without asking every query word.
  let matchedTerms: TermSpan
  /// The `matchedWords` value of each set of query words met so far, by bitmask (queries of at most
  /// eight words): the hits of a query share a handful of them.
  private var matchedWordsByMask: [JSON?] = []
  /// Whether a word of a hit matched through a synonym is shown as the query word it stands for
  /// (`replaceSynonymsInHighlight`), highlighted, rather than as written.
  var replacesSynonyms = false
  /// The highlighter of the attributes without prefix matching (`disablePrefixOnAttributes`), and their
  /// paths, when the query has a prefix word.
  var wholeWords: (highlighter: Highlighter, paths: [String])?

  /// The highlighters of the attributes outside some alternative scopes' lists (see ``TextConstraints``),
  /// by those scopes: by the words without their alternatives of those scopes; empty when no word has
  /// such alternatives. `settings` say which scopes an attribute is outside of.
  var scoped: Scoped?

  /// The highlighter of attribute `path`: one without the alternatives whose scope leaves it out, the
  /// whole-word one inside an attribute without prefix matching.
  func forAttribute(_ path: String) -> Highlighter {
    if let scoped {
      let outside = TextConstraints.scopes(outside: path, in: scoped.settings).filter { scope in
        scoped.byOutside.keys.contains { $0.contains(scope) }
      }
      if !outside.isEmpty, let highlighter = scoped.byOutside[outside] { return highlighter.forAttribute(path) }
    }
    guard let wholeWords, wholeWords.paths.contains(where: { path == $0 || path.hasPrefix($0 + ".") }) else {
      return self
    }
    return wholeWords.highlighter
  }

  init(
    words: [QueryWord], terms: (SortedTerms, termOfToken: [UInt32]), dictionary: TokenDictionary, preTag: String,
    postTag: String
  ) {
    self.words = words
    (self.terms, termOfToken) = terms
    self.dictionary = dictionary
    self.preTag = preTag
    self.postTag = postTag
    matchedTerms = TermSpan(words.flatMap(\.runs))
  }

  /// The term of a word of a hit (`word`, the first bytes of `token`, as the text's analysis cut it):
  /// through its token when the index holds it (a hash lookup), else by folding the word and searching
  /// the terms (once a query for each distinct word). Highlights and snippets both ask it.
  func term(token: UnsafeBufferPointer<UInt8>, word: UnsafeBufferPointer<UInt8>) -> UInt32? {
    if let id = dictionary.tokens.lookup(token), Int(id) < termOfToken.count {
      let term = termOfToken[Int(id)]
      return term == TokenDictionary.noTerm ? nil : term
    }
    return seen.term(of: word) { terms.id(of: Array(dictionary.analysis.fold($0).utf8)) }
  }

  /// The `matchedWords` array of a leaf: the texts of the `matched` query words, in query order.
  func matchedWordsValue(_ matched: IndexSet64) -> JSON {
    guard let mask = matched.smallMask, words.count <= 8 else {
      return .array(matched.sorted.map { .string(words[$0].text) })
    }
    if matchedWordsByMask.isEmpty { matchedWordsByMask = [JSON?](repeating: nil, count: 1 << words.count) }
    if let known = matchedWordsByMask[Int(mask)] { return known }
    let value = JSON.array(matched.sorted.map { .string(words[$0].text) })
    matchedWordsByMask[Int(mask)] = value
    return value
  }

  /// The highlight object of any JSON value: leaves for strings and numbers, arrays and objects mirrored.
  /// `scope` says where the value stands with respect to the `camelCaseAttributes` (whose words are cut
  /// as the index cut them).
  func highlight(_ value: JSON, scope: TextAnalysis.CamelCaseScope = .outside) -> JSON? {
    let splits = scope == .inside
    switch value {
    case .string(let text): return .object(leaf(text, splitsCamelCase: splits))
    case .number(let number):
      return .object(leaf(Filter.Facet.ValueType.number(number).facetKey, splitsCamelCase: splits))
    case .bool(let bool): return .object(leaf(bool ? "true" : "false", splitsCamelCase: splits))
    case .array(let elements): return .array(elements.compactMap { highlight($0, scope: scope) })
    case .object(let members):
      var result: [String: JSON] = [:]
      for (key, member) in members {
        let inner = dictionary.analysis.scope(entering: key, from: scope)
        if let highlighted = highlight(member, scope: inner) { result[key] = highlighted }
      }
      return .object(result)
    case .null: return nil
    }
  }

  /// `{value, matchLevel, matchedWords, fullyHighlighted}` for one string, cut into words as the index
  /// cuts its texts (camel-case words split with `splitsCamelCase`).
  func leaf(_ text: String, splitsCamelCase: Bool = false) -> [String: JSON] {
    if words.isEmpty {
      // A copy of a made leaf hashes one key, not three (every highlighted attribute of every hit of a
      // query without words).
      var leaf = Self.unmatchedLeaf
      leaf["value"] = .string(text)
      return leaf
    }
    var text = text
    var leaf = Leaf(capacity: text.utf8.count + 32)
    text.withUTF8 { bytes in
      dictionary.analysis.forEachToken(in: bytes, splitsCamelCase: splitsCamelCase) { range, wordLength in
        let token = UnsafeBufferPointer(rebasing: bytes[range])
        let word = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<range.lowerBound + wordLength])
        add(token, wordLength: wordLength, term: wordLength > 0 ? term(token: token, word: word) : nil, to: &leaf)
      }
    }
    return finished(leaf)
  }

  /// The leaf of a text without matches, its value left empty.
  private static let unmatchedLeaf: [String: JSON] = ["value": "", "matchLevel": "none", "matchedWords": []]

  /// The leaf of a stored text, from its token ids: no tokenizing and no lookup, as each token knows its
  /// word and its term.
  func leaf(tokenIDs: [UInt32]) -> [String: JSON] {
    finished(builtLeaf(tokenIDs: tokenIDs))
  }

  /// The leaf of a stored text built from its token ids, not yet made an object (see
  /// ``leaf(tokenIDs:)``, ``appendLeaf(tokenIDs:to:)``).
  func builtLeaf(tokenIDs: [UInt32]) -> Leaf {
    let tokens = dictionary.tokens
    var leaf = Leaf(capacity: 256)
    tokens.arena.withUnsafeBufferPointer { arena in
      termOfToken.withUnsafeBufferPointer { termOfToken in
        for id in tokenIDs {
          let index = Int(id)
          let start = Int(tokens.starts[index])
          let token = UnsafeBufferPointer(rebasing: arena[start..<start + Int(tokens.lengths[index])])
          let wordLength = Int(dictionary.wordLengthOfToken[index])
          let term = index < termOfToken.count ? termOfToken[index] : TokenDictionary.noTerm
          add(token, wordLength: wordLength, term: term == TokenDictionary.noTerm ? nil : term, to: &leaf)
        }
      }
    }
    return leaf
  }

  /// A leaf being built: its text so far and what its words matched.
  struct Leaf {
    var output: [UInt8] = []
    var matched = IndexSet64()
    var wordCount = 0
    var fullyHighlightedWords = 0

    init(capacity: Int) { output.reserveCapacity(capacity) }
  }

  /// Adds a token to `leaf`: its bytes, the length of its word part, and the word's term (`nil` when the
  /// index has none).
  @inline(__always)
  private func add(_ token: UnsafeBufferPointer<UInt8>, wordLength: Int, term found: UInt32?, to leaf: inout Leaf) {
    guard wordLength > 0 else {
      leaf.output.append(contentsOf: token)
      return
    }
    leaf.wordCount += 1
    let wordBytes = UnsafeBufferPointer(rebasing: token[0..<wordLength])
    if let replacement = synonymReplacement(term: found, matched: &leaf.matched) {
      replacement.withUnsafeBufferPointer { tagged($0, length: replacement.count, into: &leaf.output) }
      leaf.fullyHighlightedWords += 1
      leaf.output.append(contentsOf: UnsafeBufferPointer(rebasing: token[wordLength...]))
      return
    }
    guard let length = highlightLength(word: wordBytes, term: found, matched: &leaf.matched) else {
      leaf.output.append(contentsOf: token)
      return
    }
    tagged(wordBytes, length: length, into: &leaf.output)
    if length >= Self.characterCount(wordBytes) { leaf.fullyHighlightedWords += 1 }
    leaf.output.append(contentsOf: UnsafeBufferPointer(rebasing: token[wordLength...]))
  }

  /// The highlight object of a built leaf.
  private func finished(_ leaf: Leaf) -> [String: JSON] {
    let level = matchLevel(leaf.matched)
    let value = JSON.string(String(decoding: leaf.output, as: UTF8.self))
    let matchedWords = matchedWordsValue(leaf.matched)
    guard level != "none" else {
      guard let none = Self.noneLeaf else {
        return ["value": value, "matchLevel": .string(level), "matchedWords": matchedWords]
      }
      return none.filled([value, .string(level), matchedWords])
    }
    let fullyHighlighted = JSON.bool(leaf.wordCount > 0 && leaf.fullyHighlightedWords == leaf.wordCount)
    guard let full = Self.fullLeaf else {
      return [
        "value": value, "matchLevel": .string(level), "matchedWords": matchedWords,
        "fullyHighlighted": fullyHighlighted,
      ]
    }
    return full.filled([value, .string(level), matchedWords, fullyHighlighted])
  }

  /// The members of a leaf that matches no query word, and of one that does.
  private static let noneLeaf = DictionaryTemplate(names: ["value", "matchLevel", "matchedWords"])
  private static let fullLeaf = DictionaryTemplate(names: ["value", "matchLevel", "matchedWords", "fullyHighlighted"])
}

extension Highlighter {
  /// How many characters of a word of a hit to highlight (`nil`: none), recording in `matched` the query
  /// words it matches. `found` is the word's term, when the index has one.
  func highlightLength(word wordBytes: UnsafeBufferPointer<UInt8>, term found: UInt32?, matched: inout IndexSet64)
    -> Int?
  {
    // Lengths in characters, as the word is split on a character boundary.
    var highlightLength: Int?
    var wordLength: Int { Self.characterCount(wordBytes) }
    if let term = found {
      guard matchedTerms.contains(term) else { return nil }
      for (index, queryWord) in words.enumerated() {
        guard let match = queryWord.match(term) else { continue }
        matched.insert(index)
        let length = queryWord.isPrefix && match.typos == 0 && !match.isExact ? queryWord.text.count : wordLength
        highlightLength = max(highlightLength ?? 0, min(length, wordLength))
      }
    } else if words.contains(where: \.isPrefix) {
      let folded = dictionary.analysis.fold(String(decoding: wordBytes, as: UTF8.self))
      for (index, queryWord) in words.enumerated() where queryWord.isPrefix && folded.hasPrefix(queryWord.text) {
        matched.insert(index)
        highlightLength = max(highlightLength ?? 0, queryWord.text.count)
      }
    }
    return highlightLength
  }

  /// With ``replacesSynonyms``, the query word (its folded text, UTF-8) that a word of a hit whose term is
  /// `found` matches through a synonym only — recorded in `matched` — or `nil` to show the word as written.
  func synonymReplacement(term found: UInt32?, matched: inout IndexSet64) -> [UInt8]? {
    guard replacesSynonyms, let term = found else { return nil }
    for (index, queryWord) in words.enumerated()
    where term != queryWord.exactTerm && queryWord.alternativeTerms.contains(term) {
      matched.insert(index)
      return Array(queryWord.text.utf8)
    }
    return nil
  }

  /// The number of characters of a word: its byte count when it is ASCII (most words).
  static func characterCount(_ wordBytes: UnsafeBufferPointer<UInt8>) -> Int {
    wordBytes.allSatisfy { $0 < 0x80 } ? wordBytes.count : String(decoding: wordBytes, as: UTF8.self).count
  }

  /// `word` with its first `length` characters between the tags (the word as it is for `nil`).
  func tagged(_ wordBytes: UnsafeBufferPointer<UInt8>, length: Int?, into output: inout [UInt8]) {
    guard let length else {
      output.append(contentsOf: wordBytes)
      return
    }
    if wordBytes.allSatisfy({ $0 < 0x80 }) {
      // ASCII: characters are bytes.
      let split = min(length, wordBytes.count)
      output.append(contentsOf: preTag.utf8)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: wordBytes[..<split]))
      output.append(contentsOf: postTag.utf8)
      output.append(contentsOf: UnsafeBufferPointer(rebasing: wordBytes[split...]))
      return
    }
    let word = String(decoding: wordBytes, as: UTF8.self)
    let split = word.index(word.startIndex, offsetBy: min(length, word.count))
    output.append(contentsOf: preTag.utf8)
    output.append(contentsOf: word[..<split].utf8)
    output.append(contentsOf: postTag.utf8)
    output.append(contentsOf: word[split...].utf8)
  }

  /// `none`, `partial` or `full`: how many of the query words `matched` holds.
  func matchLevel(_ matched: IndexSet64) -> String {
    if words.isEmpty || matched.isEmpty { return "none" }
    return matched.count == words.count ? "full" : "partial"
  }
}

/// Word bytes to their term, remembered for the life of one query's highlighting.
final class WordTermMemo {
  private var entries: [UInt64: [(word: [UInt8], term: UInt32?)]] = [:]

  /// The term of `word`, computed by `lookup` (from the word's text) the first time it is asked for.
  func term(of word: UnsafeBufferPointer<UInt8>, lookup: (String) -> UInt32?) -> UInt32? {
    let key = ByteInterner.hash(word)
    if let bucket = entries[key] {
      for entry in bucket where entry.word.elementsEqual(word) { return entry.term }
    }
    let term = lookup(String(decoding: word, as: UTF8.self))
    entries[key, default: []].append((Array(word), term))
    return term
  }
}

/// Small non-negative integers (query word indexes): a bitmask below 64, a set beyond.
struct IndexSet64 {
  private var mask: UInt64 = 0
  private var others: Set<Int> = []

  mutating func insert(_ index: Int) {
    if index < 64 { mask |= 1 << UInt64(index) } else { others.insert(index) }
  }

  var isEmpty: Bool { mask == 0 && others.isEmpty }
  /// The members as a bitmask, when all are below 64.
  var smallMask: UInt64? { others.isEmpty ? mask : nil }
  var count: Int { mask.nonzeroBitCount + others.count }

  /// The members in increasing order.
  var sorted: [Int] {
    var result: [Int] = []
    var remaining = mask
    while remaining != 0 {
      result.append(remaining.trailingZeroBitCount)
      remaining &= remaining - 1
    }
    return result + others.sorted()
  }
}
