import InstantSearchModel

/// `decompoundedAttributes`, checked as Algolia documents it: an object from a decompounding language to
/// the attributes written in it.
extension IndexSettings {
  /// The most attributes one language may list: 1,000.
  public static let maximumDecompoundedAttributes = 1_000

  /// Sets `decompoundedAttributes` (`nil` clears it), after checking it.
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` for a language without a decompounding dictionary in
  ///   this build (one Algolia does not decompound either: refused rather than accepted with no effect) or
  ///   whose table is not installed (the `InstantSearchLanguageData` product), an empty or
  ///   over-long attribute list, or an empty attribute name.
  public mutating func setDecompoundedAttributes(_ value: [String: [String]]?) throws(EngineError) {
    try setDecompoundedAttributes(value, requiresTables: true)
  }

  /// Sets `decompoundedAttributes`; `requiresTables: false` (settings an index directory stored) accepts a
  /// language whose table is not installed, so that the index opens — its searches are then refused with
  /// the same message (``languageTablesRefusal(installed:)``) until the table is installed. `installed` lists the languages whose table is (the installed
  /// ones by default).
  mutating func setDecompoundedAttributes(
    _ value: [String: [String]]?, requiresTables: Bool, installed: [String] = Decompounder.installedLanguages
  ) throws(EngineError) {
    guard let value else {
      decompoundedAttributes = nil
      return
    }
    for (language, attributes) in value.sorted(by: { $0.key < $1.key }) {
      guard Decompounder.languages.contains(language) else {
        throw .invalidSettings(
          "decompoundedAttributes: \"\(language)\" has no decompounding dictionary in this build "
            + "(\(Decompounder.languages.joined(separator: ", ")))")
      }
      guard !requiresTables || installed.contains(language) else {
        throw .invalidSettings(Self.notInstalled(language))
      }
      guard !attributes.isEmpty, attributes.count <= Self.maximumDecompoundedAttributes else {
        throw .invalidSettings(
          "decompoundedAttributes.\(language): list 1 to \(Self.maximumDecompoundedAttributes) attributes")
      }
      guard attributes.allSatisfy({ !$0.isEmpty }) else {
        throw .invalidSettings("decompoundedAttributes.\(language): an attribute name is empty")
      }
    }
    decompoundedAttributes = value
  }

  /// Why searches are refused: a language of `decompoundedAttributes` (read from a directory's stored
  /// settings) whose table is not installed — decompounding it would silently do nothing. `nil` when every
  /// one is installed (`installed`; `nil`: the installed languages, asked only when the index decompounds).
  func languageTablesRefusal(installed: [String]? = nil) -> String? {
    let languages = decompoundingLanguages
    guard !languages.isEmpty else { return nil }
    let known = installed ?? Decompounder.installedLanguages
    guard let missing = languages.first(where: { !known.contains($0) }) else { return nil }
    return Self.notInstalled(missing)
  }

  /// What a refusal says of `language`, whose table is not installed.
  static func notInstalled(_ language: String) -> String {
    "decompoundedAttributes: the table of \"\(language)\" is not installed: link the "
      + "InstantSearchLanguageData product and call InstantSearchLanguageData.install()"
  }

  /// The languages whose compounds are cut at search time: those of `decompoundedAttributes`, sorted.
  var decompoundingLanguages: [String] { (decompoundedAttributes ?? [:]).keys.sorted() }

  /// Reads `decompoundedAttributes`' JSON: an object of string lists.
  static func decompoundedAttributes(_ value: JSON) throws(EngineError) -> [String: [String]] {
    guard case .object(let object) = value else {
      throw .invalidSettings("decompoundedAttributes: expected an object of attribute lists, found \(value.preview)")
    }
    var result: [String: [String]] = [:]
    for (language, list) in object {
      guard case .array(let items) = list else {
        throw .invalidSettings("decompoundedAttributes.\(language): expected a list of attributes")
      }
      var attributes: [String] = []
      for item in items {
        guard case .string(let name) = item else {
          throw .invalidSettings("decompoundedAttributes.\(language): \(item.preview) is not an attribute name")
        }
        attributes.append(name)
      }
      result[language] = attributes
    }
    return result
  }
}
