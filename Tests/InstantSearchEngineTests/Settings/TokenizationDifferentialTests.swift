import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// The tokenization settings against a brute force with a tokenizer of its own: random texts of camel-case
/// compounds, indexed and plain separators, kept diacritics and a custom normalization; random queries of
/// whole words (no prefix, no typo), whose words an indexed separator joins must follow one another.
@Suite("Tokenization settings: random records and queries against a brute force")
struct TokenizationDifferentialTests {
  static let settings: [String: JSON] = [
    "searchableAttributes": ["name", "description", "tags"], "typoTolerance": false, "queryType": "prefixNone",
    "paginationLimitedTo": 5000, "separatorsToIndex": "+#@", "keepDiacriticsOnCharacters": "é",
    "customNormalization": ["default": ["ä": "ae"]], "camelCaseAttributes": ["name"],
  ]
  static let pieces = [
    "c", "#", "+", "@", "café", "Cafe", "Äpfel", "aepfel", "apfel", "iPhone", "Case", "red", "Blue", "HTML", "Parser",
  ]

  /// The brute force's reading of a text: its folded words, each with whether an indexed separator joins it
  /// to the one before (no character between them, one of the two a separator).
  static func words(_ text: String, camelCase: Bool) -> [(word: String, joins: Bool)] {
    let characters = Array(text)
    let indexed: Set<Character> = ["+", "#", "@"]
    var spans: [(start: Int, end: Int, isSeparator: Bool)] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if indexed.contains(character) {
        spans.append((index, index + 1, true))
        index += 1
      } else if character.isLetter || character.isNumber {
        var end = index + 1
        while end < characters.count, characters[end].isLetter || characters[end].isNumber {
          let before = characters[end - 1]
          let here = characters[end]
          let next = end + 1 < characters.count ? characters[end + 1] : " "
          let boundary =
            (before.isLowercase && here.isUppercase) || (before.isUppercase && here.isUppercase && next.isLowercase)
          if camelCase, boundary { break }
          end += 1
        }
        spans.append((index, end, false))
        index = end
      } else {
        index += 1
      }
    }
    return spans.enumerated().map { position, span in
      let previous = position > 0 ? spans[position - 1] : nil
      let joins = previous.map { $0.end == span.start && ($0.isSeparator || span.isSeparator) } ?? false
      return (fold(characters[span.start..<span.end]), joins)
    }
  }

  static func fold(_ characters: ArraySlice<Character>) -> String {
    characters.map { character -> String in
      switch character {
      case "ä", "Ä": return "ae"
      case "é", "É": return "é"
      default:
        return String(character).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
      }
    }.joined()
  }

  static func text(_ generator: inout SplitMix64, pieces count: ClosedRange<Int>, glue: [String]) -> String {
    var text = ""
    for number in 0..<Int.random(in: count, using: &generator) {
      if number > 0 { text += glue.randomElement(using: &generator) ?? " " }
      text += pieces.randomElement(using: &generator) ?? ""
    }
    return text
  }

  @Test(
    "Exactly the records the brute force finds, built with the settings and rebuilt for them",
    arguments: [
      UInt64(5), 77,
    ])
  func differential(seed: UInt64) throws {
    var generator = SplitMix64(seed: seed)
    var records: [[String: JSON]] = []
    for number in 0..<600 {
      var record: [String: JSON] = ["objectID": .string("\(number)")]
      for attribute in ["name", "description", "tags"] {
        record[attribute] = .string(Self.text(&generator, pieces: 1...5, glue: ["", " ", " ", "-", ", "]))
      }
      records.append(record)
    }
    let catalog = try RandomTextCatalog(
      records: records, settings: try IndexSettings(json: Self.settings), rebuilding: true)
    var checked = 0
    for _ in 0..<60 {
      let text = Self.text(&generator, pieces: 1...3, glue: ["", " "])
      let query = Self.words(text, camelCase: false)
      guard !query.isEmpty else { continue }
      // Runs of joined words: each must appear, in order and one after the other, in one attribute.
      var runs: [[String]] = []
      for (word, joins) in query {
        if joins, !runs.isEmpty { runs[runs.count - 1].append(word) } else { runs.append([word]) }
      }
      try catalog.expectMatches(Query(text)) { record in
        let attributes = ["name", "description", "tags"].map { attribute in
          Self.words(record[attribute]?.stringValue ?? "", camelCase: attribute == "name").map(\.word)
        }
        return runs.allSatisfy { run in
          attributes.contains { words in
            words.count >= run.count
              && (0...(words.count - run.count)).contains { Array(words[$0..<$0 + run.count]) == run }
          }
        }
      }
      checked += 1
    }
    #expect(checked >= 40)
  }
}
