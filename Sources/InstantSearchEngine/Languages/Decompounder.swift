import InstantSearchModel

/// Cuts compound words into their parts — decompounding, for Danish, Dutch, Finnish, German, Norwegian
/// and Swedish — as Algolia's `decompoundedAttributes` and `decompoundQuery` do: `kopfhorer` (folded
/// "Kopfhörer") is `kopf` + `horer`, `arbeitsplatz` is `arbeit` + `platz` (with the linking `s`).
///
/// A word is cut into known words of its language (``LanguageTables/compoundPartLists``, installed from the
/// `InstantSearchLanguageData` product: lemmas of spacy-lookups-data; for Finnish, wordfreq's most frequent
/// words, inflected forms included, as Finnish inflects a compound's last part; read on first use of the
/// language), each of at least ``minimumPart`` letters, with
/// the language's linking elements allowed between them: the cut with the fewest parts wins, then the one
/// whose shortest part is longest; the last part may carry an inflectional ending (``endings``). A word of
/// fewer than ``minimumWord`` letters, or with no cut into two known parts or more, is not a compound. A custom entry of the `compounds` dictionary gives a word's
/// parts outright.
enum Decompounder {
  /// The languages with a table of parts (in the `InstantSearchLanguageData` product).
  static let languages = ["da", "de", "fi", "nl", "no", "sv"]
  /// Those of ``languages`` whose table is installed (see ``LanguageTables/install(compoundParts:readings:declensions:)``).
  static var installedLanguages: [String] {
    let installed = LanguageTables.compoundPartLists
    return languages.filter { installed[$0] != nil }
  }
  /// The shortest part (`hof` of `bahnhof`).
  static let minimumPart = 3
  /// The shortest compound.
  static let minimumWord = 6
  /// The longest word read as a possible compound (bytes): longer ones are left whole.
  static let maximumWord = 64

  /// The linking elements each language puts between parts (`arbeit-s-platz`); the empty one first.
  static let links: [String: [[UInt8]]] = [
    "da": ["", "s", "e"], "de": ["", "s", "es", "n", "en", "e", "er"], "nl": ["", "s", "e", "en"],
    "no": ["", "s", "e"], "sv": ["", "s", "e", "a", "o", "u"], "fi": [""],
  ].mapValues { $0.map { Array($0.utf8) } }

  /// The inflectional endings each language's last part may carry (`kopfschmerztablett-en`): the part is
  /// the table's word, the ending is left out of it.
  static let endings: [String: [[UInt8]]] = [
    "da": ["e", "en", "er", "et", "ene", "erne"], "de": ["e", "en", "n", "s", "es", "er", "ern"],
    "nl": ["en", "s", "e"], "no": ["e", "en", "er", "et", "ene", "a"], "sv": ["en", "et", "er", "ar", "or", "na"],
  ].mapValues { $0.map { Array($0.utf8) } }

  /// The tables read so far, by language: every part, folded as query words are.
  private static let readParts = Locked<[String: ByteInterner]>([:])

  /// The tables read so far: language, parts, bytes held.
  static var readTables: [(language: String, parts: Int, bytes: Int)] {
    readParts.withLock { $0.map { ($0.key, $0.value.count, $0.value.memoryBytes) } }.sorted {
      $0.language < $1.language
    }
  }

  /// The parts of `language` (`nil` for a language without a table).
  static func parts(_ language: String) -> ByteInterner? {
    if let known = readParts.withLock({ $0[language] }) { return known }
    guard let list = LanguageTables.compoundPartLists[language] else { return nil }
    let entries = list.split(separator: " ")
    var parts = ByteInterner(capacity: entries.count, arenaBytes: list.utf8.count)
    for entry in entries {
      _ = parts.intern(TextTokens.fold(String(entry)))
    }
    readParts.withLock { $0[language] = parts }
    return parts
  }

  /// The parts of the folded word `word` in the first of `languages` that cuts it, each folded; `nil` when
  /// it is not a compound in any. `custom` maps a word to its parts (the `compounds` dictionary's entries)
  /// and is asked first.
  static func decompose(_ word: String, languages: [String], custom: [String: [String]] = [:]) -> [String]? {
    if let given = custom[word] { return given.count >= 2 ? given : nil }
    let bytes = Array(word.utf8)
    guard bytes.count >= minimumWord, bytes.count <= maximumWord else { return nil }
    for language in languages {
      guard let table = parts(language), let joins = links[language] else { continue }
      if let cut = cut(bytes, table: table, links: joins, endings: endings[language] ?? []) { return cut }
    }
    return nil
  }

  /// The best cut of `bytes` into parts of `table`, with `links` between them (see the type's comment).
  static func cut(_ bytes: [UInt8], table: ByteInterner, links: [[UInt8]], endings: [[UInt8]] = []) -> [String]? {
    let count = bytes.count
    // best[i]: the best cut of bytes[0..<i] — its number of parts, its shortest part, and where its last
    // part starts and ends (the link, if any, runs from that end to i).
    var best = [(parts: Int, shortest: Int, start: Int, end: Int)?](repeating: nil, count: count + 1)
    best[0] = (0, Int.max, 0, 0)
    bytes.withUnsafeBufferPointer { buffer in
      for start in 0..<count {
        guard let before = best[start], count - start >= minimumPart else { continue }
        for end in (start + minimumPart)...count {
          // The whole word is not a part of itself.
          if start == 0 && end == count { continue }
          guard table.lookup(UnsafeBufferPointer(rebasing: buffer[start..<end])) != nil else { continue }
          for link in links {
            let next = end + link.count
            guard next <= count, next == end || Array(bytes[end..<next]) == link else { continue }
            // A link joins two parts: it never ends the word.
            if !link.isEmpty && next == count { continue }
            let candidate = (
              parts: before.parts + 1, shortest: min(before.shortest, end - start), start: start, end: end
            )
            if let known = best[next],
              known.parts < candidate.parts || (known.parts == candidate.parts && known.shortest >= candidate.shortest)
            {
              continue
            }
            best[next] = candidate
          }
        }
      }
    }
    // The word's end, or the end of a last part followed by one of the endings.
    var position = count
    if best[count].map({ $0.parts < 2 }) ?? true {
      position = -1
      for ending in endings where ending.count < count - minimumPart {
        let end = count - ending.count
        guard Array(bytes[end...]) == ending, let cut = best[end], cut.parts >= 2, cut.end == end else { continue }
        position = end
        break
      }
      guard position > 0 else { return nil }
    }
    var result: [String] = []
    while position > 0, let step = best[position] {
      result.append(String(decoding: bytes[step.start..<step.end], as: UTF8.self))
      position = step.start
    }
    return result.reversed()
  }
}
