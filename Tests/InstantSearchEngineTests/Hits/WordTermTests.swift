import Foundation
import InstantSearchCore
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// A word of a hit finds its term through its token (a hash lookup), as highlights and snippets both do:
/// the same term as folding the word and searching the sorted terms (the plain path), for every word of
/// random records — cased, accented, camel-cased, numbers, punctuation — and for words no record holds.
@Suite("A hit's words find their terms through their tokens")
struct WordTermTests {
  typealias Generator = DifferentialTests.Generator

  static let pieces = [
    "Red", "shirt", "WOOL", "coton", "élan", "Élan", "ÉLAN", "straße", "Strasse", "newYork", "x1", "42", "3.5",
    "l'été", "naïve", "Ærø", "ｆｕｌｌ", "😀", "-", "&", "the", "an",
  ]

  static func text(_ random: inout Generator) -> String {
    (0..<random.int(1..<9)).map { _ in random.pick(pieces) }.joined(separator: random.pick([" ", ", ", "-", "/"]))
  }

  @Test("Through the token or by folding the word, the same term, in random trials")
  func sameTerms() throws {
    var random = Generator(state: 0x7E57)
    for trial in 0..<20 {
      let records = (0..<random.int(1..<40)).map { number -> [String: JSON] in
        ["objectID": .string("r\(number)"), "name": .string(Self.text(&random))]
      }
      let settings: [String: JSON] = ["searchableAttributes": ["name"]]
      let snapshot = try #require(try Fixture.index(records, settings: settings).view.soleSnapshot)
      let highlighter = Highlighter(
        words: [], terms: snapshot.textTerms, dictionary: snapshot.codec.dictionary, preTag: "<em>",
        postTag: "</em>")
      let (terms, _) = snapshot.textTerms
      // The records' own texts, whose tokens the dictionary holds, and texts it has never seen.
      let texts = records.compactMap { $0["name"]?.stringValue } + (0..<10).map { _ in Self.text(&random) + " zq" }
      for shown in texts {
        var text = shown
        text.withUTF8 { bytes in
          snapshot.codec.dictionary.analysis.forEachToken(in: bytes, splitsCamelCase: false) { range, wordLength in
            guard wordLength > 0 else { return }
            let word = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<range.lowerBound + wordLength])
            let folded = snapshot.codec.dictionary.analysis.fold(String(decoding: word, as: UTF8.self))
            let plain = terms.id(of: Array(folded.utf8))
            let found = highlighter.term(token: UnsafeBufferPointer(rebasing: bytes[range]), word: word)
            #expect(found == plain, "trial \(trial): \(String(decoding: word, as: UTF8.self)) in \(shown)")
          }
        }
      }
    }
  }
}
