import InstantSearchModel

/// The language tables: those this process has read so far — the stop word lists of `removeStopWords`,
/// the parts decompounding cuts compounds into, the readings of Japanese words, the declensions of
/// `ignorePlurals` — each read on the first search that asks for its language (an index without language
/// settings reads none; `instantsearch bench` prints them after its workloads); and the large ones'
/// installation, from the `InstantSearchLanguageData` product
/// (``install(compoundParts:readings:declensions:)``).
public enum LanguageTables {
  /// One table read.
  public struct Loaded: Hashable, Sendable {
    /// Its language (ISO 639-1).
    public let language: String
    /// What it is: `stop words`, `compound parts`, `readings` or `declensions`.
    public let kind: String
    /// Its words.
    public let words: Int
    /// The bytes it keeps resident (its structures' capacities; the text it was read from stays in the
    /// binary's read-only pages, which the system may drop).
    public let bytes: Int
  }

  /// The tables read so far, by language then kind.
  public static var loaded: [Loaded] {
    let stops = LanguageData.readStopWordTables.map {
      Loaded(language: $0.language, kind: "stop words", words: $0.words, bytes: $0.bytes)
    }
    let parts = Decompounder.readTables.map {
      Loaded(language: $0.language, kind: "compound parts", words: $0.parts, bytes: $0.bytes)
    }
    let readings = JapaneseReadings.readTable.map {
      [Loaded(language: "ja", kind: "readings", words: $0.forms, bytes: $0.bytes)]
    }
    let declensions = Declensions.readTables.map {
      Loaded(language: $0.language, kind: "declensions", words: $0.forms, bytes: $0.bytes)
    }
    return (stops + parts + (readings ?? []) + declensions).sorted { ($0.language, $0.kind) < ($1.language, $1.kind) }
  }

  /// The tables an app installed (see ``install(compoundParts:readings:declensions:)``): each a
  /// dictionary from language code to its space-separated entries.
  private static let installed = Locked<Installed>(Installed())

  /// The installed tables, by kind then language.
  private struct Installed: Sendable {
    var compoundParts: [String: String] = [:]
    var readings: [String: String] = [:]
    var declensions: [String: String] = [:]
  }

  /// Installs the large language tables, which live in the `InstantSearchLanguageData` product (call its
  /// `InstantSearchLanguageData.install()`): `compoundParts`, the parts compounds are cut into, by language;
  /// `readings`, the readings of Japanese words (`ja`); `declensions`, the forms of the nouns of languages
  /// that decline them for case (`prefix:ending,ending` groups). Tables of languages already installed
  /// are kept (installing twice changes nothing).
  public static func install(
    compoundParts: [String: String], readings: [String: String], declensions: [String: String] = [:]
  ) {
    installed.withLock { tables in
      tables.compoundParts.merge(compoundParts) { kept, _ in kept }
      tables.readings.merge(readings) { kept, _ in kept }
      tables.declensions.merge(declensions) { kept, _ in kept }
    }
  }

  /// The installed compound parts, by language.
  static var compoundPartLists: [String: String] { installed.withLock { $0.compoundParts } }
  /// The installed Japanese readings, by language (`ja`).
  static var readingLists: [String: String] { installed.withLock { $0.readings } }
  /// The installed declension groups, by language.
  static var declensionLists: [String: String] { installed.withLock { $0.declensions } }
}
