import Foundation
import Testing

@testable import InstantSearchEngine

/// Settings entries are trimmed without Foundation (``StringProtocol/trimmingWhitespace``), as Foundation's
/// `trimmingCharacters(in: .whitespaces)` trims them: the same text for every entry.
@Suite("Settings: whitespace trimmed as Foundation trims it")
struct WhitespaceTrimmingTests {
  /// Space separators (Unicode category Zs), the tab, the zero-width space (whitespace to Foundation), and
  /// characters that are not whitespace there: line breaks, a byte order mark, letters, a combining accent.
  static let pieces = [
    " ", "\t", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2003}", "\u{200A}", "\u{202F}", "\u{205F}", "\u{3000}",
    "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{200B}", "\u{FEFF}", "a", "é", "\u{301}", ",", "名",
  ]

  @Test("Whitespace for one scalar exactly when Foundation's set holds it, over every Unicode scalar")
  func everyScalar() {
    for value in 0..<0x11_0000 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let alone = String(String.UnicodeScalarView([scalar]))
      let trimmed = alone.trimmingWhitespace
      #expect(trimmed.isEmpty == CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))")
      // One failure says it: a million more would bury it.
      if trimmed.isEmpty != CharacterSet.whitespaces.contains(scalar) { return }
    }
  }

  @Test("The same as Foundation for every string of up to three pieces, and for settings-like entries")
  func sameAsFoundation() {
    var texts = ["", "brand", "  unordered(name) ", "\tprice\t", "asc( popularity )", " a b "]
    for first in Self.pieces {
      texts.append(first)
      for second in Self.pieces {
        texts.append(first + second)
        for third in Self.pieces { texts.append(first + second + third) }
      }
    }
    for text in texts {
      #expect(text.trimmingWhitespace == text.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
      let sub = text.dropFirst(0)
      #expect(sub.trimmingWhitespace == sub.trimmingCharacters(in: .whitespaces), "\(text.debugDescription)")
    }
  }
}
