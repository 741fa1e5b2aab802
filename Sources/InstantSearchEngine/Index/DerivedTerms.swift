import InstantSearchModel

/// Tables of a text index's terms by keys derived from each term: which terms a query word finds through
/// something other than their own bytes. Decompounding (see ``Decompounder``) keys each compound term by
/// its parts — `horer` finds the term `kopfhorer` of "Kopfhörer", and the word being typed, `hor`, finds
/// it too, as a prefix of the part.
///
/// Each table is built from the terms the first time a search asks for its key (a set of languages and
/// dictionaries' version), then kept beside the index (at most ``capacity`` tables), as ``PrefixSets``
/// keeps its bitsets.
final class DerivedTerms: Sendable {
  /// How many tables are kept at most (one per key asked).
  static let capacity = 8
  /// The most terms one query word finds through a table: the first ones in byte order of the keys and
  /// terms; a key shared by more terms than this is a common word, whose other terms are left out.
  static let maximumTerms = 1_000

  /// What a table was built for: a kind of derivation and its languages, and the custom entries' version
  /// (-1: none).
  struct Key: Hashable, Sendable {
    let languages: [String]
    let version: Int
  }

  /// The (key, term) pairs of every term with keys, sorted by key.
  struct Table: Sendable {
    let keys: SortedTerms
    /// `terms[keyStarts[k]..<keyStarts[k + 1]]`: the terms of key `k`.
    let keyStarts: [UInt32]
    let terms: [UInt32]

    /// The terms with a key equal to `word`, or starting with it when `isPrefix`.
    func terms(of word: String, isPrefix: Bool) -> [UInt32] {
      let key = Array(word.utf8)
      let lower = keys.lowerBound(key)
      var upper = lower
      if isPrefix {
        upper = key.withUnsafeBufferPointer { keys.endOfPrefix($0, from: lower) }
      } else if lower < keys.count, keys.bytes(lower).elementsEqual(key) {
        upper = lower + 1
      }
      var result: [UInt32] = []
      for index in lower..<upper {
        for position in Int(keyStarts[index])..<Int(keyStarts[index + 1]) {
          result.append(terms[position])
          if result.count >= DerivedTerms.maximumTerms { return result }
        }
      }
      return result
    }

    /// The terms of `key` (or starting with it, `isPrefix`) spelled out of `terms`, as alternatives of a
    /// query word that count only in `scope`'s attributes: exact, without typos; `word` itself left out.
    func alternatives(
      of key: String, isPrefix: Bool, except word: String, in terms: SortedTerms,
      scope: SynonymTable.Alternative.Scope
    ) -> [SynonymTable.Alternative] {
      self.terms(of: key, isPrefix: isPrefix).compactMap { term in
        let spelled = String(decoding: terms.bytes(Int(term)), as: UTF8.self)
        return spelled == word ? nil : SynonymTable.Alternative(word: spelled, typos: 0, isExact: true, scope: scope)
      }
    }
  }

  private let tables = Locked<[Key: Table]>([:])

  /// The table of `terms` for `key`, asking `derive` for each term's keys (`nil`: none) the first time.
  func table(_ key: Key, terms: SortedTerms, derive: (_ bytes: ArraySlice<UInt8>) -> [String]?) -> Table {
    if let known = tables.withLock({ $0[key] }) { return known }
    var pairs: [(key: [UInt8], term: UInt32)] = []
    for term in 0..<terms.count {
      guard let keys = derive(terms.bytes(term)) else { continue }
      for derived in Set(keys) { pairs.append((Array(derived.utf8), UInt32(term))) }
    }
    pairs.sort { $0.key.lexicographicallyPrecedes($1.key) || ($0.key == $1.key && $0.term < $1.term) }
    var distinct: [[UInt8]] = []
    var starts: [UInt32] = []
    for (index, pair) in pairs.enumerated() where distinct.last != pair.key {
      distinct.append(pair.key)
      starts.append(UInt32(index))
    }
    starts.append(UInt32(pairs.count))
    let table = Table(keys: SortedTerms(sorted: distinct), keyStarts: starts, terms: pairs.map(\.term))
    tables.withLock { tables in
      if tables.count >= Self.capacity { tables.removeAll() }
      tables[key] = table
    }
    return table
  }
}

extension TextIndex {
  /// The compounds among this index's terms for `languages` and the application's `dictionaries` (their
  /// custom decompositions and standard entries turned off), keyed by their parts, built the first time.
  func compoundTable(languages: [String], dictionaries: LanguageDictionaries?) -> DerivedTerms.Table {
    let compounds = dictionaries?.compounds(languages: languages) ?? (version: -1, custom: [:], standard: languages)
    return derivedTerms.table(
      DerivedTerms.Key(languages: languages + ["|"] + compounds.standard, version: compounds.version), terms: terms
    ) { bytes in
      guard bytes.count >= Decompounder.minimumWord else { return nil }
      return Decompounder.decompose(
        String(decoding: bytes, as: UTF8.self), languages: compounds.standard, custom: compounds.custom)
    }
  }
}
