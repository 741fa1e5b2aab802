import InstantSearchModel

/// `attributesToTransliterate`, checked and resolved as Algolia documents it: Japanese only, applied when
/// `indexLanguages` has `ja`, `["*"]` (every searchable attribute) by default.
extension IndexSettings {
  /// The most attributes `attributesToTransliterate` may list: 1,000.
  public static let maximumTransliteratedAttributes = 1_000

  /// Sets `attributesToTransliterate` (`nil` clears it: Algolia's default, `["*"]`), after checking it.
  /// An empty list turns transliteration off.
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` for more than ``maximumTransliteratedAttributes``
  ///   attributes or an empty attribute name.
  public mutating func setAttributesToTransliterate(_ value: [String]?) throws(EngineError) {
    if let value {
      guard value.count <= Self.maximumTransliteratedAttributes else {
        throw .invalidSettings(
          "attributesToTransliterate: list at most \(Self.maximumTransliteratedAttributes) attributes, "
            + "got \(value.count)")
      }
      if let index = value.firstIndex(where: \.isEmpty) {
        throw .invalidSettings("attributesToTransliterate[\(index)]: an attribute name is empty")
      }
    }
    attributesToTransliterate = value
  }

  /// Whether Japanese words are transliterated at search time: `indexLanguages` has `ja` and
  /// `attributesToTransliterate` is not empty.
  var transliterates: Bool {
    guard let languages = indexLanguages, languages.contains(where: { $0.lowercased() == "ja" }) else {
      return false
    }
    return attributesToTransliterate.map { !$0.isEmpty } ?? true
  }

  /// The attributes transliteration applies to, when it applies to some only; `nil` when to every
  /// searchable attribute (`*` listed, or never set).
  var transliteratedAttributes: [String]? {
    guard let listed = attributesToTransliterate, !listed.contains("*") else { return nil }
    return listed
  }

  /// The attributes where a match through an alternative of `scope` counts: those `decompoundedAttributes`
  /// lists (any language), those `attributesToTransliterate` lists; `nil` for every searchable attribute.
  func attributes(of scope: SynonymTable.Alternative.Scope) -> [String]? {
    switch scope {
    case .decompounded: decompoundedAttributes.map { Array(Set($0.values.joined())).sorted() }
    case .transliterated: transliteratedAttributes
    }
  }
}
