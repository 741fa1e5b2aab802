extension StringProtocol {
  /// The text without the whitespace at either end: what Foundation's `trimmingCharacters(in:
  /// .whitespaces)` gives (Unicode's space separators, category Zs, the tab and, as Foundation's set still
  /// holds it, the zero-width space U+200B; not line breaks), without Foundation. Settings are read on
  /// every open of an index, and the first use of Foundation's trimming in a process (its character sets,
  /// its string bridging) was a fifth of reading them.
  var trimmingWhitespace: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !Self.isWhitespace($0) }) else { return "" }
    guard let last = scalars.lastIndex(where: { !Self.isWhitespace($0) }) else { return "" }
    return String(String.UnicodeScalarView(scalars[first...last]))
  }

  /// Whether `scalar` is in Foundation's `CharacterSet.whitespaces` (compared over every scalar when this
  /// was written: the tab, category Zs and U+200B).
  private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar == "\u{200B}" || scalar.properties.generalCategory == .spaceSeparator
  }
}
