import Foundation

/// Tokens and terms under an analysis: ``TextTokens``' fast paths when the analysis is Algolia's default,
/// a scalar-by-scalar reading otherwise.
extension TextAnalysis {
  /// Calls `body` with the byte range of each token of `bytes` (UTF-8) and the length of its word part, as
  /// ``TextTokens/forEachToken(in:_:)`` does, with this analysis: an indexed separator is a word alone in its
  /// token, and with `splitsCamelCase` a word also ends where a camel-case word does (``isCamelCaseBoundary``).
  func forEachToken(
    in bytes: UnsafeBufferPointer<UInt8>, splitsCamelCase: Bool = false,
    _ body: (_ range: Range<Int>, _ wordLength: Int) -> Void
  ) {
    guard !cutsAsStandard || splitsCamelCase else {
      TextTokens.forEachToken(in: bytes, body)
      return
    }
    let count = bytes.count
    var index = 0
    while index < count {
      let start = index
      var segments = false
      let (first, firstLength) = TextTokens.decodeScalar(bytes, at: index)
      if indexes(first) {
        index += firstLength
      } else if TextTokens.isWordScalar(first) {
        var previous: Unicode.Scalar?
        while index < count {
          let (scalar, length) = TextTokens.decodeScalar(bytes, at: index)
          guard TextTokens.isWordScalar(scalar), !indexes(scalar) else { break }
          if splitsCamelCase, let before = previous {
            let next = index + length < count ? TextTokens.decodeScalar(bytes, at: index + length).0 : nil
            if Self.isCamelCaseBoundary(before: before, at: scalar, after: next) { break }
          }
          if WordSegmenter.isSegmented(scalar) { segments = true }
          previous = scalar
          index += length
        }
      }
      let wordEnd = index
      while index < count {
        let (scalar, length) = TextTokens.decodeScalar(bytes, at: index)
        if TextTokens.isWordScalar(scalar) || indexes(scalar) { break }
        index += length
      }
      if segments {
        WordSegmenter.forEachToken(in: bytes, word: start..<wordEnd, tokenEnd: index, body)
      } else {
        body(start..<index, wordEnd - start)
      }
    }
  }

  /// Whether a camel-case word ends before `scalar`: a lower-case letter followed by an upper-case one
  /// (`camel|Case`), or an upper-case letter that starts a capitalized word after other upper-case
  /// letters (`HTML|Parser`). Digits never split (`iPhone15`).
  static func isCamelCaseBoundary(before: Unicode.Scalar, at scalar: Unicode.Scalar, after: Unicode.Scalar?) -> Bool {
    let current = scalar.properties
    guard current.isUppercase else { return false }
    let previous = before.properties
    if previous.isLowercase { return true }
    guard previous.isUppercase, let after else { return false }
    return after.properties.isLowercase
  }

  /// The folded words of `text`, in order (for queries): ``TextTokens/words(of:)`` with this analysis.
  func words(of text: String) -> [String] {
    guard !(cutsAsStandard && foldsAsStandard) else { return TextTokens.words(of: text) }
    return wordsAndJoins(of: text).map(\.word)
  }

  /// The folded words of `text`, each with whether it touches the word before it (no character between
  /// them): an indexed separator and the words it touches form a sequence, which a record must hold in
  /// that order, one word after the other (`alice@wonderland` with `@` indexed).
  func wordsAndJoins(of text: String) -> [(word: String, joinsPrevious: Bool)] {
    var text = text
    var result: [(word: String, joinsPrevious: Bool)] = []
    var previousEnd = -1
    var previousWasSeparator = false
    text.withUTF8 { bytes in
      forEachToken(in: bytes) { range, wordLength in
        guard wordLength > 0 else { return }
        let wordBytes = UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<range.lowerBound + wordLength])
        let (first, firstLength) = TextTokens.decodeScalar(wordBytes, at: 0)
        let isSeparator = firstLength == wordLength && indexes(first)
        let touches = previousEnd == range.lowerBound && (isSeparator || previousWasSeparator)
        result.append((fold(String(decoding: wordBytes, as: UTF8.self)), touches))
        previousEnd = range.lowerBound + wordLength == range.upperBound ? range.upperBound : -1
        previousWasSeparator = isSeparator
      }
    }
    return result
  }

  /// The searchable form of a word under this analysis: ``TextTokens/fold(_:)``, except for the characters
  /// of ``normalization`` (replaced) and of ``keptDiacritics`` (lower-cased only). A character written
  /// with combining marks (`u` + `◌̈`) is folded as usual, as Algolia documents.
  func fold(_ word: String) -> String {
    guard !foldsAsStandard else { return TextTokens.fold(word) }
    var result = ""
    var plain = ""
    for character in word {
      let scalars = character.unicodeScalars
      if scalars.count == 1, let scalar = scalars.first, let special = special(scalar) {
        result += TextTokens.fold(plain)
        plain = ""
        result += special
      } else {
        plain.append(character)
      }
    }
    return result + TextTokens.fold(plain)
  }

  /// What a single-scalar character folds to when this analysis says otherwise than the default.
  private func special(_ scalar: Unicode.Scalar) -> String? {
    let normalization = self.normalization
    if let replacement = normalization[scalar] { return replacement }
    let lower = Self.lowercase(scalar)
    if let replacement = normalization[lower] { return replacement }
    return keptDiacritics.contains(lower) ? String(lower) : nil
  }

  /// The lower case of a scalar when it is one scalar (the scalar itself otherwise).
  static func lowercase(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let mapped = scalar.properties.lowercaseMapping.unicodeScalars
    guard mapped.count == 1, let only = mapped.first else { return scalar }
    return only
  }
}
