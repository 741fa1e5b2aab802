import InstantSearchModel

/// The engine's language tables, generated from licensed packages by `scripts/languages/generate.py` (the
/// `Generated` folder; sources and licences in `scripts/languages/SOURCES.md`). Each table is a string in
/// the binary, read into a set the first time a search asks for its language: an index that never asks
/// for a language pays nothing but that string, and one without language settings reads none.
enum LanguageData {
  /// The stop word sets read so far, by language.
  private static let readStopWords = Locked<[String: Set<String>]>([:])
  /// The union of the stop word sets of a list of languages, by the list, as searches asked for it.
  private static let unions = Locked<[[String]: Set<String>]>([:])
  /// The most unions kept (a few lists of languages are the usual case): past it, the oldest go.
  static let maximumUnions = 64

  /// The stop word sets read so far: language, words, bytes held (the set's slots, and the words too long
  /// to be stored inline in them).
  static var readStopWordTables: [(language: String, words: Int, bytes: Int)] {
    readStopWords.withLock { sets in
      sets.map { language, words in
        let outOfLine = words.reduce(0) { $0 + ($1.utf8.count > 15 ? $1.utf8.count + 32 : 0) }
        return (language, words.count, words.capacity * MemoryLayout<String>.stride + outOfLine)
      }
    }.sorted { $0.language < $1.language }
  }

  /// The languages with a stop word list, sorted.
  static let stopWordLanguages: [String] = stopWordLists.keys.sorted()

  /// The stop words of `language` (ISO 639-1), folded as query words are; `nil` without a list.
  static func stopWords(_ language: String) -> Set<String>? {
    if let known = readStopWords.withLock({ $0[language] }) { return known }
    guard let list = stopWordLists[language] else { return nil }
    var words = Set<String>()
    for entry in list.split(separator: " ") {
      // An entry that is not one query word (`aren't` reads as `aren` and `t`) cannot be one.
      let read = TextTokens.words(of: String(entry))
      if read.count == 1 { words.insert(read[0]) }
    }
    readStopWords.withLock { $0[language] = words }
    return words
  }

  /// The `singular:plural` pairs of a space-separated table (the generated English ones).
  static func pairs(_ table: String) -> [(singular: String, plural: String)] {
    table.split(separator: " ").compactMap { pair in
      let parts = pair.split(separator: ":")
      return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
    }
  }

  /// The stop words of any of `languages` (each read once, the union kept for the next search).
  static func stopWords(of languages: [String]) -> Set<String> {
    if let known = unions.withLock({ $0[languages] }) { return known }
    var union = Set<String>()
    for language in languages { union.formUnion(stopWords(language) ?? []) }
    unions.withLock { kept in
      if kept.count >= maximumUnions { kept.removeAll() }
      kept[languages] = union
    }
    return union
  }
}

/// Which languages a search's `ignorePlurals` and `removeStopWords` apply to, as Algolia resolves them.
extension LanguageData {
  /// The languages of a language feature set to `value` in a search (`nil`: off): the languages it lists,
  /// else the query's `queryLanguages`, else the index's `indexLanguages`, else `every` (each language
  /// with tables for the feature). Codes are lower-cased; unknown ones have no tables and do nothing.
  static func languages(
    of value: Query.LanguageSwitch?, query: Query, indexLanguages: [String]?, every: [String]
  ) -> [String]? {
    switch value {
    case nil, .enabled(false)?: return nil
    case .languages(let codes)?: return codes.isEmpty ? nil : normalized(codes)
    case .enabled(true)?:
      if let codes = query.queryLanguages, !codes.isEmpty { return normalized(codes) }
      if let codes = indexLanguages, !codes.isEmpty { return normalized(codes) }
      return every
    }
  }

  /// `codes` lower-cased, each once (their number is bounded by ``SearchLimits/maximumLanguages``).
  private static func normalized(_ codes: [String]) -> [String] {
    var seen = Set<String>()
    return codes.map { $0.lowercased() }.filter { seen.insert($0).inserted }
  }
}

extension Query.LanguageSwitch {
  /// The languages listed (`nil` for `true` or `false`).
  var listed: [String]? {
    if case .languages(let codes) = self { return codes }
    return nil
  }
}
