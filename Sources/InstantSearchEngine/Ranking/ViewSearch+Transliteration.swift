import InstantSearchModel

/// Japanese transliteration at search time (Algolia's `attributesToTransliterate`, applied when the
/// index's `indexLanguages` has `ja`, see ``JapaneseReadings``):
/// - a query word written in kana finds the terms that read as it — kanji words by the dictionary's
///   readings, katakana and hiragana words by their kana — and the word being typed those whose reading it
///   starts (``SearchExecutor/readingAlternatives(of:isPrefix:)``): exact matches, without typos;
/// - ICU cuts a run of kana by its guesses at words (`うでとけい` is `う`, `て`, `とけい`), which the
///   record's kanji (`腕時計`, one word) do not follow: a variant of the query keeps each run of kana
///   whole, to be found by its reading (``transliterationVariants``).
extension ViewSearch {
  /// The variants of the query for its runs of kana (between separators), when transliteration is on:
  /// - each run that reading cuts into several words kept as one word, found by its reading;
  /// - each run with katakana read again in hiragana, as a record written in hiragana is cut (`サイフ`
  ///   finds "さいふ", which ICU cuts as `さ`, `いふ`);
  /// - each run cut into the fewest readings of the dictionary (``JapaneseReadings/cut(_:lastIsPrefix:)``),
  ///   as a record's kanji are cut into words (`めざましどけい` finds "目覚まし時計", cut as 目覚まし, 時計).
  var transliterationVariants: [SynonymTable.Variant] {
    let settings = view.settings
    guard settings.transliterates, let text = query.query, !text.isEmpty, query.advancedSyntax != true
    else { return [] }
    let analysis = settings.textAnalysis
    var read: [String] = []
    var whole: [String] = []
    var inHiragana: [String] = []
    var byReadings: [String] = []
    let chunks = text.split(whereSeparator: { !($0.isLetter || $0.isNumber) })
    let type = query.queryType ?? settings.queryType
    for (index, chunk) in chunks.enumerated() {
      let pieces = analysis.words(of: String(chunk))
      read += pieces
      let folded = analysis.fold(String(chunk))
      guard JapaneseReadings.key(ofQueryWord: folded) != nil else {
        whole += pieces
        inHiragana += pieces
        byReadings += pieces
        continue
      }
      whole += pieces.count > 1 ? [folded] : pieces
      inHiragana += analysis.words(of: JapaneseReadings.hiragana(String(chunk)))
      let lastIsPrefix = type == .prefixAll || type == .prefixLast && index == chunks.count - 1
      byReadings += JapaneseReadings.cut(folded, lastIsPrefix: lastIsPrefix) ?? (pieces.count > 1 ? [folded] : pieces)
    }
    // The chunks must read as the whole text does (an indexed separator may join them otherwise).
    guard read == analysis.words(of: text) else { return [] }
    var variants: [SynonymTable.Variant] = []
    for (words, keepsWords) in [(whole, true), (inHiragana, false), (byReadings, true)]
    where words != read && !variants.contains(where: { $0.words == words }) {
      var variant = SynonymTable.Variant(words: words, replaced: 0..<words.count)
      variant.replacedAreExact = true
      variant.keepsWords = keepsWords
      variants.append(variant)
    }
    return variants
  }
}

extension SearchExecutor {
  /// Whether this search transliterates Japanese words in this snapshot's index (see
  /// `ViewSearch+Transliteration.swift`).
  var transliterates: Bool { snapshot.settings.transliterates }

  /// The terms of this snapshot whose reading is `word` (or starts with it, `isPrefix`), as alternatives of
  /// the word: exact, without typos. None unless `word` is written in kana (at least
  /// ``JapaneseReadings/minimumKana``).
  func readingAlternatives(of word: String, isPrefix: Bool) -> [SynonymTable.Alternative] {
    guard let key = JapaneseReadings.key(ofQueryWord: word) else { return [] }
    let text = snapshot.text
    return text.readingTable.alternatives(
      of: key, isPrefix: isPrefix, except: word, in: text.terms, scope: .transliterated)
  }
}
