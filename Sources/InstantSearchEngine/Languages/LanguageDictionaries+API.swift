import InstantSearchModel

/// The Dictionaries API's operations on ``LanguageDictionaries/Contents``: batches of entries, the
/// standard-entries settings, entry search and the languages list, in Algolia's JSON shapes.
extension LanguageDictionaries.Contents {
  /// Applies `requests` (`{"action": "addEntry" | "deleteEntry", "body": {…}}`) to dictionary `kind`, after
  /// removing its custom entries with `clearingExisting`. All or nothing: a malformed request changes
  /// nothing.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` naming the request at fault.
  public mutating func apply(
    _ kind: DictionaryEntry.Kind, requests: [JSON], clearingExisting: Bool
  ) throws(EngineError) {
    var held = clearingExisting ? [:] : (entries[kind] ?? [:])
    for (position, request) in requests.enumerated() {
      guard case .object(let fields) = request, let body = fields["body"] else {
        throw .invalidParameter("requests[\(position)] needs an action and a body")
      }
      switch fields["action"] {
      case .string("addEntry")?:
        let entry = try DictionaryEntry(kind: kind, json: body)
        held[entry.objectID] = entry
      case .string("deleteEntry")?:
        guard case .string(let objectID)? = body["objectID"] else {
          throw .invalidParameter("requests[\(position)]: deleteEntry needs the body's objectID")
        }
        held[objectID] = nil
      default:
        throw .invalidParameter("requests[\(position)]: action must be addEntry or deleteEntry")
      }
    }
    guard held.count <= LanguageDictionaries.maximumEntries else {
      throw .invalidParameter(
        "\(kind.rawValue) would hold \(held.count) custom entries; at most \(LanguageDictionaries.maximumEntries)")
    }
    entries[kind] = held.isEmpty ? nil : held
  }

  /// Reads `{"disableStandardEntries": {"stopwords": {"fr": true}, …}}`: each dictionary named is replaced,
  /// `null` for a dictionary turns every language's standard entries back on.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` for another shape.
  public mutating func setDisabledStandard(_ body: JSON) throws(EngineError) {
    guard case .object(let settings)? = body["disableStandardEntries"] else {
      throw .invalidParameter("disableStandardEntries must be an object of dictionaries")
    }
    var next = disabledStandard
    for (name, value) in settings {
      guard let kind = DictionaryEntry.Kind(rawValue: name) else {
        throw .invalidParameter("disableStandardEntries: \(name) is not a dictionary (stopwords, plurals, compounds)")
      }
      switch value {
      case .null: next[kind] = nil
      case .object(let languages):
        var flags: [String: Bool] = [:]
        for (language, flag) in languages {
          guard case .bool(let off) = flag else {
            throw .invalidParameter("disableStandardEntries.\(name).\(language) must be true or false")
          }
          flags[language.lowercased()] = off
        }
        next[kind] = flags
      default: throw .invalidParameter("disableStandardEntries.\(name) must be an object of languages or null")
      }
    }
    disabledStandard = next
  }

  /// The settings as `GET /1/dictionaries/*/settings` answers them.
  public var settingsJSON: JSON {
    var object: [String: JSON] = [:]
    for kind in DictionaryEntry.Kind.allCases {
      object[kind.rawValue] = disabledStandard[kind].map { .object($0.mapValues(JSON.bool)) } ?? .null
    }
    return ["disableStandardEntries": .object(object)]
  }

  /// Custom and standard entries of `kind` whose words start with `query`'s (folded), in `language` when
  /// given, as `POST /1/dictionaries/{kind}/search` answers them: `hits`, `nbHits`, `page`, `nbPages`.
  public func search(
    _ kind: DictionaryEntry.Kind, query: String, language: String?, page: Int, hitsPerPage: Int
  ) -> JSON {
    let wanted = TextTokens.words(of: query)
    let language = language?.lowercased()
    var hits: [(language: String, key: String, json: JSON)] = []
    func keep(_ words: [String], _ entryLanguage: String) -> Bool {
      (language == nil || language == entryLanguage)
        && wanted.allSatisfy { part in words.contains { $0.hasPrefix(part) } }
    }
    for entry in (entries[kind] ?? [:]).values where keep(entry.words, entry.language) {
      hits.append((entry.language, entry.objectID, entry.json))
    }
    for standard in LanguageDictionaries.standardEntries(kind, language: language)
    where keep(standard.words, standard.language) {
      hits.append((standard.language, standard.objectID, standard.json))
    }
    hits.sort { ($0.language, $0.key) < ($1.language, $1.key) }
    let size = max(1, min(hitsPerPage, 1_000))
    let start = min(max(page, 0) * size, hits.count)
    return [
      "hits": .array(hits[start..<min(start + size, hits.count)].map(\.json)),
      "nbHits": .number(Double(hits.count)), "page": .number(Double(max(page, 0))),
      "nbPages": .number(Double((hits.count + size - 1) / size)),
    ]
  }

  /// Every language with a dictionary, as `GET /1/dictionaries/*/languages` answers: per dictionary, the
  /// number of custom entries, or `null` where the engine has no such dictionary for the language.
  public var languagesJSON: JSON {
    var languages = Set(LanguageData.stopWordLanguages).union(PluralForms.languages).union(Decompounder.languages)
    for held in entries.values { for entry in held.values { languages.insert(entry.language) } }
    var object: [String: JSON] = [:]
    for language in languages.sorted() {
      func count(_ kind: DictionaryEntry.Kind) -> JSON {
        .object([
          "nbCustomEntries": .number(Double((entries[kind] ?? [:]).values.filter { $0.language == language }.count))
        ])
      }
      let stop =
        LanguageData.stopWordLists[language] != nil
        || entries[.stopwords]?.values.contains { $0.language == language } == true
      let plural =
        PluralForms.languages.contains(language)
        || entries[.plurals]?.values.contains { $0.language == language } == true
      let compound =
        Decompounder.languages.contains(language)
        || entries[.compounds]?.values.contains { $0.language == language } == true
      object[language] = [
        "stopwords": stop ? count(.stopwords) : .null, "plurals": plural ? count(.plurals) : .null,
        "compounds": compound ? count(.compounds) : .null,
      ]
    }
    return .object(object)
  }
}

extension LanguageDictionaries {
  /// A standard entry, as the Dictionaries API's search lists it.
  struct StandardEntry {
    let objectID: String
    let language: String
    let words: [String]
    let json: JSON
  }

  /// The standard entries of `kind` (in `language` when given): every stop word of the tables, and
  /// English's irregular plurals (the rules' forms are not entries). Standard compounds are cut by rule
  /// from a table of parts (`Decompounder`): none is an entry.
  static func standardEntries(_ kind: DictionaryEntry.Kind, language: String?) -> [StandardEntry] {
    switch kind {
    case .compounds: return []
    case .stopwords:
      let languages = language.map { [$0] } ?? LanguageData.stopWordLanguages
      return languages.flatMap { code in
        (LanguageData.stopWords(code) ?? []).sorted().map { word in
          StandardEntry(
            objectID: "standard-\(code)-\(word)", language: code, words: [word],
            json: [
              "objectID": .string("standard-\(code)-\(word)"), "language": .string(code), "word": .string(word),
              "state": "enabled", "type": "standard",
            ])
        }
      }
    case .plurals:
      guard language == nil || language == "en" else { return [] }
      return LanguageData.pairs(LanguageData.englishIrregularPlurals).map { singular, plural in
        let objectID = "standard-en-\(singular)-\(plural)"
        return StandardEntry(
          objectID: objectID, language: "en", words: [singular, plural],
          json: [
            "objectID": .string(objectID), "language": "en", "words": [.string(singular), .string(plural)],
            "state": "enabled", "type": "standard",
          ])
      }
    }
  }
}
