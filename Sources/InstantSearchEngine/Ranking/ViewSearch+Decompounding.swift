import InstantSearchModel

/// Decompounding at search time (Algolia's `decompoundedAttributes` and `decompoundQuery`, see
/// ``Decompounder``):
/// - a query word finds the compounds it is a part of (`hörer` finds "Kopfhörer"), and the word being
///   typed finds those with a part it starts, from ``Decompounder/minimumPart`` letters on (`hör`): their
///   terms are the word's alternatives, exact matches without typos
///   (``SearchExecutor/compoundAlternatives(of:isPrefix:languages:)``), which count and are highlighted
///   only in the attributes `decompoundedAttributes` lists (``TextConstraints``, ``Highlighter``);
/// - with `decompoundQuery` (on unless `false`), a compound of the query is also searched as its parts
///   (`kopfhörer` finds "Kopf Hörer" and "Kopf-Hörer"): a variant of the query, as a multi-word synonym's,
///   whose parts count as exact words.
///
/// The languages are those of `decompoundedAttributes`, less those the query's `queryLanguages` leave out;
/// `decompoundQuery` splits the query's words in its `queryLanguages` when it has them (among the
/// decompounding languages), else in those of `decompoundedAttributes`.
extension ViewSearch {
  /// The query variants: its multi-word synonyms', its compounds', then its runs of kana kept whole
  /// (``SynonymTable/maximumVariants`` in all, the query included).
  var queryVariants: [SynonymTable.Variant] {
    var variants = synonymVariants
    for more in [decompoundVariants, transliterationVariants] {
      let room = SynonymTable.maximumVariants - 1 - variants.count
      guard room > 0 else { break }
      variants += more.prefix(room)
    }
    return variants
  }

  /// The variants of the query with one of its compounds cut into its parts.
  var decompoundVariants: [SynonymTable.Variant] {
    guard query.decompoundQuery != false, let text = query.query, !text.isEmpty else { return [] }
    let settings = view.settings
    let languages: [String]
    if let asked = query.queryLanguages, !asked.isEmpty {
      languages = Decompounder.languages.filter { asked.map { $0.lowercased() }.contains($0) }
    } else {
      languages = settings.decompoundingLanguages
    }
    guard !languages.isEmpty else { return [] }
    if query.advancedSyntax == true {
      let read = QueryText(of: query, analysis: settings.textAnalysis)
      guard read.excluded.isEmpty, !read.words.contains(where: \.isInPhrase) else { return [] }
    }
    let compounds = dictionaries?.compounds(languages: languages) ?? (version: -1, custom: [:], standard: languages)
    let words = settings.textAnalysis.words(of: text)
    var result: [SynonymTable.Variant] = []
    for (position, word) in words.enumerated() {
      guard let parts = Decompounder.decompose(word, languages: compounds.standard, custom: compounds.custom) else {
        continue
      }
      var variant = SynonymTable.Variant(
        words: Array(words[..<position]) + parts + Array(words[(position + 1)...]),
        replaced: position..<(position + parts.count))
      variant.replacedAreExact = true
      result.append(variant)
      if result.count >= SynonymTable.maximumVariants - 1 { break }
    }
    return result
  }
}

extension SearchExecutor {
  /// The languages whose compounds a query word finds (see `ViewSearch+Decompounding.swift`).
  var decompoundingLanguages: [String] {
    let languages = snapshot.settings.decompoundingLanguages
    guard !languages.isEmpty, let asked = query.queryLanguages, !asked.isEmpty else { return languages }
    let lowered = asked.map { $0.lowercased() }
    return languages.filter { lowered.contains($0) }
  }

  /// The compound terms of this snapshot that `word` is a part of (or starts a part of, `isPrefix`), as
  /// alternatives of the word: exact, without typos.
  func compoundAlternatives(of word: String, isPrefix: Bool, languages: [String]) -> [SynonymTable.Alternative] {
    // A prefix finds the compounds with a part it starts from a part's shortest length on: one or two
    // letters start a part of most compounds, and already find countless words themselves.
    guard !languages.isEmpty, !isPrefix || word.unicodeScalars.count >= Decompounder.minimumPart else { return [] }
    let text = snapshot.text
    return text.compoundTable(languages: languages, dictionaries: dictionaries).alternatives(
      of: word, isPrefix: isPrefix, except: word, in: text.terms, scope: .decompounded)
  }

  /// The alternatives of `word` this snapshot's own terms give: the compounds it is a part of (in
  /// `languages`), then, when the index transliterates, the words that read as it.
  func derivedAlternatives(of word: String, isPrefix: Bool, languages: [String]) -> [SynonymTable.Alternative] {
    let compounds = compoundAlternatives(of: word, isPrefix: isPrefix, languages: languages)
    return transliterates ? compounds + readingAlternatives(of: word, isPrefix: isPrefix) : compounds
  }
}
