import Foundation
import InstantSearchModel

/// A synonym entry, as Algolia's `synonyms.json` export and `/synonyms` endpoints write it.
///
/// What the engine applies: single-word regular synonyms (each word of the group matches the others, as an
/// exact match, Algolia's `singleWordSynonym` in `alternativesAsExact`), one-way synonyms, alternative
/// corrections (a correction matches as one or two typos), multi-word synonyms (the query searched
/// together with its variants, see `SynonymTable`) and placeholders (a replacement matches the
/// placeholder's word; records holding that word without the brackets match too, as the tokenizer drops
/// them).
public struct Synonym: Hashable, Sendable {
  /// What the entry says.
  public enum Kind: Hashable, Sendable {
    /// Every word matches the others (`synonym`).
    case regular([String])
    /// The input also matches the synonyms, not the other way (`onewaysynonym`).
    case oneWay(input: String, synonyms: [String])
    /// The corrections match the word as `typos` typos (`altcorrection1`, `altcorrection2`).
    case alternativeCorrection(word: String, corrections: [String], typos: Int)
    /// A placeholder token and the words it stands for (`placeholder`): a record holding the token
    /// (`<Street>`, read as the word `street`) matches a query with any of the replacements.
    case placeholder(String, replacements: [String])
  }

  /// The entry's ID.
  public var objectID: String
  /// What it says.
  public var kind: Kind
  /// The entry as it was read.
  public let json: JSON

  /// Reads an entry.
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` naming the entry and the member that does not read.
  public init(json: JSON) throws(EngineError) {
    guard let object = json.objectValue, let id = object["objectID"]?.stringValue, !id.isEmpty else {
      throw .invalidSettings("a synonym needs a string objectID")
    }
    func strings(_ name: String) throws(EngineError) -> [String] {
      guard let values = object[name]?.arrayValue, values.allSatisfy({ $0.stringValue != nil }), !values.isEmpty
      else { throw .invalidSettings("synonym \(id): \(name) must be a non-empty array of strings") }
      return values.compactMap(\.stringValue)
    }
    func string(_ name: String) throws(EngineError) -> String {
      guard let value = object[name]?.stringValue else {
        throw .invalidSettings("synonym \(id): \(name) must be a string")
      }
      return value
    }
    let type = object["type"]?.stringValue?.lowercased() ?? "synonym"
    switch type {
    case "synonym": kind = .regular(try strings("synonyms"))
    case "onewaysynonym": kind = .oneWay(input: try string("input"), synonyms: try strings("synonyms"))
    case "altcorrection1", "altcorrection2":
      kind = .alternativeCorrection(
        word: try string("word"), corrections: try strings("corrections"), typos: type.hasSuffix("1") ? 1 : 2)
    case "placeholder": kind = .placeholder(try string("placeholder"), replacements: try strings("replacements"))
    default:
      throw .invalidSettings(
        "synonym \(id): type must be synonym, onewaysynonym, altcorrection1, altcorrection2 or placeholder, found \"\(type)\""
      )
    }
    objectID = id
    self.json = json
  }

  /// Reads a synonyms file (`synonyms.json`: an array of entries, or one entry a line).
  ///
  /// - Throws: ``EngineError/invalidSettings(_:)`` naming the entry that does not read.
  public static func synonyms(jsonData data: Data) throws(EngineError) -> [Synonym] {
    if data.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "[") {
      let json: JSON
      do {
        json = try JSONDecoder().decodeBounded(JSON.self, from: data)
      } catch {
        throw .invalidSettings("synonyms: not valid JSON: \(error)")
      }
      return try (json.arrayValue ?? []).map { entry throws(EngineError) in try Synonym(json: entry) }
    }
    var result: [Synonym] = []
    for (number, line) in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).enumerated() {
      let json: JSON
      do {
        json = try JSONDecoder().decodeBounded(JSON.self, from: Data(line.utf8))
      } catch {
        throw .invalidSettings("synonyms: line \(number + 1) is not JSON: \(error)")
      }
      result.append(try Synonym(json: json))
    }
    return result
  }
}
