import InstantSearchModel

/// The compounds among a text index's terms, by part (decompounding, see ``Decompounder``): which terms a
/// query word finds as a part of them. `horer` finds the term `kopfhorer` of "Kopfhörer"; the word being
/// typed, `hor`, finds it too, as a prefix of the part.
///
/// Built from the terms the first time a search asks for a set of languages and custom decompositions,
/// then kept beside the index (at most ``capacity`` such sets), as ``PrefixSets`` keeps its bitsets.
final class CompoundTerms: Sendable {
  /// How many tables are kept at most (one per set of languages and dictionaries' version asked).
  static let capacity = 8
  /// The most compounds one query word finds as their part: the first ones in byte order of the parts and
  /// terms; a part shared by more compounds than this is a common word, whose other compounds are left out.
  static let maximumCompounds = 1_000

  /// The languages and the custom decompositions' version (-1: none) a table was built for.
  struct Key: Hashable, Sendable {
    let languages: [String]
    let version: Int
  }

  /// The (part, compound term) pairs of every compound term, sorted by part.
  struct Table: Sendable {
    let parts: SortedTerms
    /// `compounds[partStarts[p]..<partStarts[p + 1]]`: the compound terms of part `p`.
    let partStarts: [UInt32]
    let compounds: [UInt32]

    /// The compound terms that have a part equal to `word`, or starting with it when `isPrefix`.
    func compounds(of word: String, isPrefix: Bool) -> [UInt32] {
      let key = Array(word.utf8)
      let lower = parts.lowerBound(key)
      var upper = lower
      if isPrefix {
        upper = key.withUnsafeBufferPointer { parts.endOfPrefix($0, from: lower) }
      } else if lower < parts.count, parts.bytes(lower).elementsEqual(key) {
        upper = lower + 1
      }
      var result: [UInt32] = []
      for part in lower..<upper {
        for index in Int(partStarts[part])..<Int(partStarts[part + 1]) {
          result.append(compounds[index])
          if result.count >= CompoundTerms.maximumCompounds { return result }
        }
      }
      return result
    }
  }

  private let tables = Locked<[Key: Table]>([:])

  /// The table of `terms` for `key`, cutting each term with `decompose` the first time.
  func table(_ key: Key, terms: SortedTerms, decompose: (String) -> [String]?) -> Table {
    if let known = tables.withLock({ $0[key] }) { return known }
    var pairs: [(part: [UInt8], term: UInt32)] = []
    for term in 0..<terms.count {
      let bytes = terms.bytes(term)
      guard bytes.count >= Decompounder.minimumWord else { continue }
      guard let parts = decompose(String(decoding: bytes, as: UTF8.self)) else { continue }
      for part in Set(parts) { pairs.append((Array(part.utf8), UInt32(term))) }
    }
    pairs.sort { $0.part.lexicographicallyPrecedes($1.part) || ($0.part == $1.part && $0.term < $1.term) }
    var distinct: [[UInt8]] = []
    var starts: [UInt32] = []
    for (index, pair) in pairs.enumerated() where distinct.last != pair.part {
      distinct.append(pair.part)
      starts.append(UInt32(index))
    }
    starts.append(UInt32(pairs.count))
    let table = Table(parts: SortedTerms(sorted: distinct), partStarts: starts, compounds: pairs.map(\.term))
    tables.withLock { tables in
      if tables.count >= Self.capacity { tables.removeAll() }
      tables[key] = table
    }
    return table
  }
}

extension TextIndex {
  /// The compounds among this index's terms for `languages` and the application's `dictionaries` (their
  /// custom decompositions and standard entries turned off), built the first time.
  func compoundTable(languages: [String], dictionaries: LanguageDictionaries?) -> CompoundTerms.Table {
    let compounds = dictionaries?.compounds(languages: languages) ?? (version: -1, custom: [:], standard: languages)
    return compoundTerms.table(
      CompoundTerms.Key(languages: languages + ["|"] + compounds.standard, version: compounds.version), terms: terms
    ) { Decompounder.decompose($0, languages: compounds.standard, custom: compounds.custom) }
  }
}
