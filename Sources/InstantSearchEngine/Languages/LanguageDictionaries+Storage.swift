import InstantSearchModel

/// The dictionaries as a server keeps them in its data directory: the custom entries as given and the
/// standard-entries settings, one JSON document.
extension LanguageDictionaries.Contents {
  /// The document: `{"entries": {"stopwords": [...], "plurals": [...]}, "disableStandardEntries": {...}}`.
  public var storedJSON: JSON {
    var held: [String: JSON] = [:]
    for (kind, entries) in entries {
      held[kind.rawValue] = .array(entries.values.sorted { $0.objectID < $1.objectID }.map(\.json))
    }
    return ["entries": .object(held), "disableStandardEntries": settingsJSON["disableStandardEntries"] ?? [:]]
  }

  /// Reads a stored document (``storedJSON``).
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` naming the entry or setting that does not read.
  public init(stored: JSON) throws(EngineError) {
    self.init()
    for kind in DictionaryEntry.Kind.allCases {
      guard let listed = stored["entries"]?[kind.rawValue]?.arrayValue else { continue }
      var held: [String: DictionaryEntry] = [:]
      for value in listed {
        let entry = try DictionaryEntry(kind: kind, json: value)
        held[entry.objectID] = entry
      }
      if !held.isEmpty { entries[kind] = held }
    }
    if let settings = stored["disableStandardEntries"] {
      try setDisabledStandard(["disableStandardEntries": settings])
    }
  }
}
