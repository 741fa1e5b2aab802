import InstantSearchModel

/// One custom entry of Algolia's Dictionaries API: a stop word, a set of plural forms, or a compound's
/// decomposition, for one language. Kept as given (``json``), read into the fields the engine applies.
public struct DictionaryEntry: Hashable, Sendable {
  /// The three dictionaries.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    /// Words `removeStopWords` leaves out of queries.
    case stopwords
    /// Words `ignorePlurals` treats as forms of one another.
    case plurals
    /// Compounds and their parts (decompounding).
    case compounds
  }

  /// The entry's identifier.
  public let objectID: String
  /// Its language (ISO 639-1, lower case).
  public let language: String
  /// The folded words: the stop word or the compound (one), or the plural forms (two or more).
  public let words: [String]
  /// A compound's parts, folded, in order (`decomposition`); empty for the other dictionaries.
  public let decomposition: [String]
  /// Whether it applies (`state: enabled`, the default) or, for a stop word, turns a standard one off.
  public let isEnabled: Bool
  /// The entry as given, with `type: custom` (how the Dictionaries API returns it).
  public let json: JSON

  /// The most words a plural entry may hold, and a compound's parts: 100.
  public static let maximumWords = 100

  /// Reads an entry of dictionary `kind` from its JSON body (`objectID`, `language`, `word` or `words`,
  /// `decomposition`, `state`).
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` naming what is missing or malformed.
  public init(kind: Kind, json value: JSON) throws(EngineError) {
    guard case .object(var object) = value else {
      throw .invalidParameter("a \(kind.rawValue) entry must be a JSON object, found \(value.preview)")
    }
    guard case .string(let objectID)? = object["objectID"], !objectID.isEmpty else {
      throw .invalidParameter("a \(kind.rawValue) entry needs a non-empty string objectID")
    }
    guard case .string(let language)? = object["language"], !language.isEmpty, language.count <= 8 else {
      throw .invalidParameter("\(kind.rawValue) entry \(objectID): language must be an ISO 639-1 code")
    }
    var isEnabled = true
    switch object["state"] {
    case nil, .null?, .string("enabled")?: break
    case .string("disabled")?: isEnabled = false
    case let other?:
      throw .invalidParameter("\(kind.rawValue) entry \(objectID): state must be enabled or disabled, found \(other)")
    }
    var words: [String] = []
    switch kind {
    case .stopwords, .compounds:
      guard case .string(let word)? = object["word"] else {
        throw .invalidParameter("\(kind.rawValue) entry \(objectID): word must be a string")
      }
      words = TextTokens.words(of: word)
      guard words.count == 1 else {
        throw .invalidParameter("\(kind.rawValue) entry \(objectID): \"\(word)\" is not one word")
      }
    case .plurals:
      guard case .array(let forms)? = object["words"], forms.count >= 2, forms.count <= Self.maximumWords else {
        throw .invalidParameter(
          "plurals entry \(objectID): words must list 2 to \(Self.maximumWords) forms of one word")
      }
      for form in forms {
        guard case .string(let text) = form, TextTokens.words(of: text).count == 1 else {
          throw .invalidParameter("plurals entry \(objectID): \(form.preview) is not one word")
        }
        words += TextTokens.words(of: text)
      }
    }
    var decomposition: [String] = []
    if kind == .compounds {
      guard case .array(let parts)? = object["decomposition"], !parts.isEmpty, parts.count <= Self.maximumWords
      else {
        throw .invalidParameter("compounds entry \(objectID): decomposition must list the compound's parts")
      }
      for part in parts {
        guard case .string(let text) = part, TextTokens.words(of: text).count == 1 else {
          throw .invalidParameter("compounds entry \(objectID): \(part.preview) is not one word")
        }
        decomposition += TextTokens.words(of: text)
      }
    }
    object["language"] = .string(language.lowercased())
    object["type"] = "custom"
    self.objectID = objectID
    self.language = language.lowercased()
    self.words = words
    self.decomposition = decomposition
    self.isEnabled = isEnabled
    json = .object(object)
  }
}
