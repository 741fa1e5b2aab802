import CInstantSearchSegmenter
import Foundation

/// The foldings Algolia applies beyond lower case and diacritics, which Unicode's decompositions do not
/// give (``TextTokens/fold(_:)`` runs this after them):
/// - letters with a stroke or a ligature: `ø`→`o`, `ł`→`l`, `đ`→`d`, `ħ`→`h`, `ŧ`→`t`, `ı`→`i`, `ŀ`→`l`,
///   `æ`→`ae`, `œ`→`oe`, `þ`→`th`, `ð`→`d` (`ß` is already `ss`);
/// - kana without their voicing marks: `で`→`て`, `パ`→`ハ`, half-width `ﾃﾞ`→`テ`;
/// - Traditional Chinese characters in their Simplified forms (`資訊`→`资讯`), with ICU's
///   `Traditional-Simplified` transliterator.
///
/// Records and queries fold alike; `keepDiacriticsOnCharacters` and `customNormalization` take precedence
/// over it for the characters they name (see ``TextAnalysis``).
enum LanguageFolding {
  /// The letters folded to other letters.
  static let letters: [Unicode.Scalar: String] = [
    "æ": "ae", "ð": "d", "ø": "o", "þ": "th", "đ": "d", "ħ": "h", "ı": "i", "ŀ": "l", "ł": "l", "œ": "oe",
    "ŧ": "t",
  ]

  /// What a scalar of a folded word asks for.
  private enum Need {
    case nothing, letter, kana, han
  }

  @inline(__always)
  private static func need(_ scalar: Unicode.Scalar) -> Need {
    switch scalar.value {
    case 0xE6, 0xF0, 0xF8, 0xFE, 0x111, 0x127, 0x131, 0x140, 0x142, 0x153, 0x167: return .letter
    default:
      if WordSegmenter.isKana(scalar) { return .kana }
      return WordSegmenter.isHan(scalar) ? .han : .nothing
    }
  }

  /// Whether a word holding `scalar` may fold otherwise with these foldings than without them.
  static func changes(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xE6 && need(scalar) != .nothing
  }

  /// `folded` (already lower case and without diacritics) with these foldings.
  static func apply(_ folded: String) -> String {
    var letters = false
    var kana = false
    var han = false
    for scalar in folded.unicodeScalars where scalar.value >= 0xE6 {
      switch need(scalar) {
      case .nothing: break
      case .letter: letters = true
      case .kana: kana = true
      case .han: han = true
      }
    }
    guard letters || kana || han else { return folded }
    var result = folded
    if letters {
      var rewritten = String.UnicodeScalarView()
      for scalar in result.unicodeScalars {
        if let replacement = Self.letters[scalar] {
          rewritten.append(contentsOf: replacement.unicodeScalars)
        } else {
          rewritten.append(scalar)
        }
      }
      result = String(rewritten)
    }
    if kana {
      // Decomposed, a voiced kana is its plain kana and a combining mark (U+3099, U+309A); half-width
      // katakana carry theirs as letters of their own (U+FF9E, U+FF9F).
      var rewritten = String.UnicodeScalarView()
      for scalar in result.decomposedStringWithCanonicalMapping.unicodeScalars {
        switch scalar.value {
        case 0x3099, 0x309A, 0xFF9E, 0xFF9F: continue
        default: rewritten.append(scalar)
        }
      }
      result = String(rewritten).precomposedStringWithCanonicalMapping
    }
    if han { result = simplified(result) }
    return result
  }

  /// `text` with its Traditional Chinese characters in their Simplified forms; `text` itself when ICU
  /// fails (a word folds the same way at indexing and query time either way: ICU's answer does not vary).
  static func simplified(_ text: String) -> String {
    let units = Array(text.utf16)
    guard units.count <= Int(Int32.max) / 2 else { return text }
    let capacity = units.count * 2 + 16
    return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: capacity) { buffer -> String in
      guard let base = buffer.baseAddress else { return text }
      _ = buffer.initialize(fromContentsOf: units)
      let length = Int(instantsearch_simplify_han(base, Int32(units.count), Int32(capacity)))
      guard length >= 0, length <= capacity else { return text }
      return String(decoding: UnsafeBufferPointer(start: base, count: length), as: UTF16.self)
    }
  }
}
