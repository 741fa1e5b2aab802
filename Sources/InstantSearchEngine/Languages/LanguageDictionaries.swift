import InstantSearchModel

/// An application's dictionaries (Algolia's Dictionaries API): custom stop words, plurals and compounds per
/// language, and the languages whose standard entries are turned off (`disableStandardEntries`). Every
/// index searched through the same ``LocalSearchClient`` or server shares them; `removeStopWords`,
/// `ignorePlurals` and decompounding read the standard tables (`LanguageData`, `PluralForms`,
/// `Decompounder`) merged with them.
public final class LanguageDictionaries: Sendable {
  /// What the dictionaries hold: a value, changed by ``update(_:)`` as a whole.
  public struct Contents: Hashable, Sendable {
    /// The custom entries of each dictionary, by `objectID`.
    public internal(set) var entries: [DictionaryEntry.Kind: [String: DictionaryEntry]] = [:]
    /// The languages whose standard entries are off, per dictionary (`{"stopwords": {"fr": true}}`).
    public internal(set) var disabledStandard: [DictionaryEntry.Kind: [String: Bool]] = [:]

    /// No custom entry, every standard one on.
    public init() {}
  }

  /// The most custom entries one dictionary holds: 100,000.
  public static let maximumEntries = 100_000

  /// The contents and their version (one more at each change).
  private let held: Locked<(contents: Contents, version: Int)>
  /// What searches derive from one version of the contents: the effective stop words of lists of
  /// languages, and the custom plural forms of each word by language.
  private let derived = Locked<Derived>(Derived())

  private struct Derived {
    var version = -1
    var stopWords: [[String]: Set<String>] = [:]
    var plurals: [String: [String: [String]]]?
  }

  /// Dictionaries with these contents (none: standard entries only).
  public init(_ contents: Contents = Contents()) {
    held = Locked((contents, 0))
  }

  /// The current contents.
  public var current: Contents { held.withLock { $0.contents } }

  /// Applies `change` to a copy of the contents and keeps the copy only when `change` does not throw (a
  /// caller that stores the contents does so inside `change`, so that what it answers is what it stored).
  public func update<T>(_ change: (inout Contents) throws(EngineError) -> T) throws(EngineError) -> T {
    try held.withLock { state throws(EngineError) in
      var next = state.contents
      let result = try change(&next)
      state = (next, state.version + 1)
      return result
    }
  }

  /// What decompounding reads in `languages`: the contents' version, the custom decompositions of their
  /// enabled `compounds` entries (folded compound → folded parts), and those of `languages` whose standard
  /// compounds are on.
  func compounds(languages: [String]) -> (version: Int, custom: [String: [String]], standard: [String]) {
    let (contents, version) = held.withLock { ($0.contents, $0.version) }
    var custom: [String: [String]] = [:]
    for entry in (contents.entries[.compounds] ?? [:]).values.sorted(by: { $0.objectID < $1.objectID })
    where entry.isEnabled && languages.contains(entry.language) {
      if let word = entry.words.first, custom[word] == nil { custom[word] = entry.decomposition }
    }
    let standard = languages.filter { contents.disabledStandard[.compounds]?[$0] != true }
    return (version, custom, standard)
  }

  /// The contents and version now, and what is derived from them (cleared when the version moved on).
  private func withDerived<T>(_ body: (Contents, inout Derived) -> T) -> T {
    let (contents, version) = held.withLock { ($0.contents, $0.version) }
    return derived.withLock { memo in
      if memo.version != version { memo = Derived(version: version) }
      return body(contents, &memo)
    }
  }

  /// The stop words `removeStopWords` removes in `languages`: the standard ones unless turned off, the
  /// enabled custom ones, less the custom entries that turn a word off.
  func stopWords(of languages: [String]) -> Set<String> {
    withDerived { now, memo in
      guard !now.entries.isEmpty || !now.disabledStandard.isEmpty else { return LanguageData.stopWords(of: languages) }
      if let known = memo.stopWords[languages] { return known }
      var union = Set<String>()
      let custom = now.entries[.stopwords] ?? [:]
      for language in languages {
        var words =
          now.disabledStandard[.stopwords]?[language] == true ? [] : (LanguageData.stopWords(language) ?? [])
        for entry in custom.values where entry.language == language {
          if entry.isEnabled { words.formUnion(entry.words) } else { words.subtract(entry.words) }
        }
        union.formUnion(words)
      }
      if memo.stopWords.count >= LanguageData.maximumUnions { memo.stopWords.removeAll() }
      memo.stopWords[languages] = union
      return union
    }
  }

  /// The forms `ignorePlurals` adds to `word` in `languages`: the other words of its custom plural
  /// entries, then the standard ones of the languages whose standard plurals are on.
  func pluralForms(of word: String, languages: [String]) -> [String] {
    withDerived { now, memo in
      let custom = memo.plurals ?? Self.pluralIndex(now)
      memo.plurals = custom
      var forms: [String] = []
      for language in languages {
        for form in custom[language]?[word] ?? [] where !forms.contains(form) { forms.append(form) }
      }
      let standard = languages.filter { now.disabledStandard[.plurals]?[$0] != true }
      for form in PluralForms.forms(of: word, languages: standard) where !forms.contains(form) { forms.append(form) }
      return Array(forms.prefix(PluralForms.maximumForms * max(1, languages.count)))
    }
  }

  /// The custom plural forms of each word, by language: the other words of its enabled entries.
  private static func pluralIndex(_ contents: Contents) -> [String: [String: [String]]] {
    var index: [String: [String: [String]]] = [:]
    for entry in (contents.entries[.plurals] ?? [:]).values.sorted(by: { $0.objectID < $1.objectID })
    where entry.isEnabled {
      for word in entry.words {
        for form in entry.words where form != word && index[entry.language]?[word]?.contains(form) != true {
          index[entry.language, default: [:]][word, default: []].append(form)
        }
      }
    }
    return index
  }
}
