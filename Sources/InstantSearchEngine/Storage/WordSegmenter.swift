import CInstantSearchSegmenter

/// Cuts the runs of letters of languages written without spaces — Chinese, Japanese, Thai, Lao, Khmer,
/// Burmese — into words, with ICU's dictionaries (Foundation's copy of ICU on Linux, the system's on Apple
/// platforms): `无线蓝牙耳机` is the words `无线`, `蓝牙` and `耳机`.
///
/// Records and queries are cut alike, so a query word finds the same word in a record's title; the words of
/// a run follow one another with nothing between them (tokens with no separator part, see ``TextTokens``).
/// Korean is written with spaces and left as it is. Runs of other scripts never reach ICU: a word is handed
/// to it only when one of its scalars is of a script it segments (``isSegmented(_:)``).
enum WordSegmenter {
  /// The longest run (in bytes) cut into words: a longer one, rarer than any real text's, is cut as its
  /// first this many bytes and then the rest, read again from a character boundary (see `forEachWord`).
  static let maximumRunBytes = 4096

  /// Whether `scalar` is a Han ideograph (the unified blocks, extension A and beyond, the compatibility
  /// ideographs).
  @inline(__always)
  static func isHan(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: true
    default: false
    }
  }

  /// Whether `scalar` is kana: Hiragana, Katakana and its extension, half-width Katakana.
  @inline(__always)
  static func isKana(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: true
    default: false
    }
  }

  /// Whether words with `scalar` are cut by the dictionaries: Han ideographs, kana, and the Thai, Lao,
  /// Khmer and Myanmar scripts.
  @inline(__always)
  static func isSegmented(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    guard value >= 0x0E00 else { return false }
    switch value {
    case 0x0E00...0x0EFF,  // Thai, Lao
      0x1000...0x109F,  // Myanmar
      0x1780...0x17FF:  // Khmer
      return true
    default:
      return isHan(scalar) || isKana(scalar)
    }
  }

  /// Whether `word` is written in logograms or kana (Han, Hiragana, Katakana), whose characters are
  /// morphemes rather than letters: a "typo" there is another word, so such words match without typos.
  static func isLogographic(_ word: String) -> Bool {
    word.unicodeScalars.contains { isHan($0) || isKana($0) }
  }

  /// Calls `body` with the range of each word of the word characters at `word` (a range of `bytes`
  /// holding letters and digits only), in order; the whole range when ICU cannot cut it.
  static func forEachWord(
    in bytes: UnsafeBufferPointer<UInt8>, word: Range<Int>, _ body: (Range<Int>) -> Void
  ) {
    var start = word.lowerBound
    while start < word.upperBound {
      var end = word.upperBound
      if end - start > maximumRunBytes {
        // Back up to the start of a character: continuation bytes are 10xxxxxx.
        end = start + maximumRunBytes
        while end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      }
      let count = end - start
      let written = withUnsafeTemporaryAllocation(of: Int32.self, capacity: count) { ends -> Int in
        guard let base = bytes.baseAddress, let endsBase = ends.baseAddress else { return -1 }
        let written = Int(instantsearch_word_ends(base + start, Int64(count), endsBase, Int64(count)))
        guard written > 0 else { return -1 }
        var previous = start
        for offset in ends[0..<written] {
          let next = start + Int(offset)
          guard next > previous, next <= end else { continue }
          body(previous..<next)
          previous = next
        }
        if previous < end { body(previous..<end) }
        return written
      }
      if written < 0 { body(start..<end) }
      start = end
    }
  }

  /// Calls `body` as ``TextTokens/forEachToken(in:_:)`` does for one token whose word, at
  /// `word`, is cut into words: each word but the last is a token without separator, and the last keeps
  /// the token's separator part (up to `tokenEnd`).
  @inline(never)
  static func forEachToken(
    in bytes: UnsafeBufferPointer<UInt8>, word: Range<Int>, tokenEnd: Int,
    _ body: (_ range: Range<Int>, _ wordLength: Int) -> Void
  ) {
    var pending: Range<Int>?
    forEachWord(in: bytes, word: word) { piece in
      if let previous = pending { body(previous, previous.count) }
      pending = piece
    }
    if let last = pending { body(last.lowerBound..<tokenEnd, last.count) }
  }
}
