import InstantSearchModel

/// A query's text read into words: plainly, or with Algolia's advanced syntax (`advancedSyntax`), where
/// `"words in quotes"` are an exact phrase and `-word` is left out of the matches.
///
/// In the advanced syntax a quote opens a phrase and the next one closes it (an unclosed phrase runs to
/// the end of the text); a `-` that starts a word outside a phrase excludes the word it starts. Each
/// feature applies only when ``Query/advancedSyntaxFeatures`` lists it (both by default); without it, the
/// characters are separators, as in plain text.
struct QueryText: Equatable {
  /// One word to match, in query order.
  struct Word: Equatable {
    /// The folded word.
    var text: String
    /// Whether it is part of an exact phrase: matched whole, without typos or synonyms.
    var isInPhrase: Bool
  }

  /// The words to match.
  private(set) var words: [Word] = []
  /// The phrases of two words or more, as ranges of ``words``: their words must follow one another, in
  /// order, in one attribute.
  private(set) var phrases: [Range<Int>] = []
  /// The folded words whose records are left out.
  private(set) var excluded: [String] = []

  /// The words of `text`, with the advanced syntax's `features` (none: plain text), cut and folded by
  /// `analysis` (the index's): words an indexed separator joins (`c#`, `alice@wonderland`) must follow one
  /// another, as a phrase's do, though each matches as a plain word.
  init(_ text: String, features: Set<Query.AdvancedSyntaxFeature>, analysis: TextAnalysis = .standard) {
    var plain = ""
    var segment = ""
    var inPhrase = false
    var inExclusion = false
    var atWordStart = true
    func flushPlain() {
      appendPlain(plain, analysis: analysis)
      plain = ""
    }
    guard !features.isEmpty else {
      appendPlain(text, analysis: analysis)
      return
    }
    func closePhrase() {
      let found = analysis.words(of: segment)
      if found.count > 1 { phrases.append(words.count..<words.count + found.count) }
      words += found.map { Word(text: $0, isInPhrase: true) }
      segment = ""
    }
    func closeExclusion() {
      excluded += analysis.words(of: segment)
      segment = ""
      inExclusion = false
    }
    for character in text {
      if inPhrase {
        if character == "\"" {
          closePhrase()
          inPhrase = false
          atWordStart = true
        } else {
          segment.append(character)
        }
        continue
      }
      if inExclusion {
        if character.isWhitespace || character == "\"" && features.contains(.exactPhrase) {
          closeExclusion()
        } else {
          segment.append(character)
          continue
        }
      }
      if character == "\"", features.contains(.exactPhrase) {
        flushPlain()
        inPhrase = true
      } else if character == "-", atWordStart, features.contains(.excludeWords) {
        flushPlain()
        inExclusion = true
      } else {
        plain.append(character)
      }
      atWordStart = character.isWhitespace || character == "\""
    }
    if inPhrase { closePhrase() }
    if inExclusion { closeExclusion() }
    flushPlain()
  }

  /// Plain words already read (folded), none in a phrase.
  init(words: [String]) {
    self.words = words.map { Word(text: $0, isInPhrase: false) }
  }

  /// The text of `query` as it reads: with the advanced syntax's features when `advancedSyntax` is on
  /// (the index's setting is already in `query`, see ``IndexSettings/applyingDefaults(to:)``), cut and
  /// folded by `analysis`.
  init(of query: Query, analysis: TextAnalysis = .standard) {
    let advanced = query.advancedSyntax ?? false
    let features = advanced ? Set(query.advancedSyntaxFeatures ?? Query.AdvancedSyntaxFeature.allCases) : []
    self.init(query.query ?? "", features: features, analysis: analysis)
  }

  /// Appends the words of plain text: runs of words an indexed separator joins become phrases.
  private mutating func appendPlain(_ text: String, analysis: TextAnalysis) {
    guard !analysis.cutsAsStandard else {
      words += analysis.words(of: text).map { Word(text: $0, isInPhrase: false) }
      return
    }
    var runStart = words.count
    for (word, joins) in analysis.wordsAndJoins(of: text) {
      if !joins {
        if words.count - runStart > 1 { phrases.append(runStart..<words.count) }
        runStart = words.count
      }
      words.append(Word(text: word, isInPhrase: false))
    }
    if words.count - runStart > 1 { phrases.append(runStart..<words.count) }
  }
}

extension QueryText {
  /// Removes the words of `stopWords` (`removeStopWords`), as Algolia does: only plain words (not in an
  /// exact phrase, nor joined by an indexed separator), never a word read as a prefix (`isPrefix` of its
  /// position, before removal), and never all of them — a query of stop words only is searched as it is.
  mutating func removeStopWords(_ stopWords: Set<String>, isPrefix: (Int) -> Bool) {
    guard !stopWords.isEmpty else { return }
    let grouped = Set(phrases.flatMap { Array($0) })
    let removed = words.indices.filter { index in
      !words[index].isInPhrase && !grouped.contains(index) && !isPrefix(index) && stopWords.contains(words[index].text)
    }
    guard !removed.isEmpty, removed.count < words.count else { return }
    let gone = Set(removed)
    var newIndex = [Int](repeating: -1, count: words.count)
    var kept: [Word] = []
    for (index, word) in words.enumerated() where !gone.contains(index) {
      newIndex[index] = kept.count
      kept.append(word)
    }
    // A phrase holds no removed word: its range moves as a block.
    phrases = phrases.map { newIndex[$0.lowerBound]..<(newIndex[$0.upperBound - 1] + 1) }
    words = kept
  }
}
