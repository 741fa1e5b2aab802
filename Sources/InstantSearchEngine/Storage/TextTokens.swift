import Foundation

/// Splits text into tokens and folds words into terms.
///
/// A token is a word (letters and digits) with the non-word characters that follow it: `"Wireless "`,
/// `"headphones."`. Text made of tokens is stored as token ids, so the exact original is kept while the
/// words are indexed. Text that starts with non-word characters has a leading token with no word. A run of
/// letters of a language written without spaces is cut into its words (``WordSegmenter``), each a token of
/// its own with nothing after it but the last.
enum TextTokens {
  /// Whether the Unicode scalar is part of a word.
  static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.isASCII {
      let value = scalar.value
      return (value >= 0x30 && value <= 0x39) || (value >= 0x41 && value <= 0x5A) || (value >= 0x61 && value <= 0x7A)
    }
    // The letters of the scripts written with most characters (Han ideographs, kana, Hangul syllables)
    // without asking Unicode's property tables, which cost a tenth of loading Chinese text.
    switch scalar.value {
    case 0x4E00...0x9FFF, 0x3041...0x3096, 0x30A1...0x30FA, 0xAC00...0xD7A3: return true
    default: break
    }
    let properties = scalar.properties
    return properties.isAlphabetic || properties.numericType != nil || properties.generalCategory == .nonspacingMark
  }

  /// Whether an ASCII byte (below 0x80) is a letter or digit, as ``isWordScalar(_:)`` says: one bit of
  /// two 64-bit masks (digits in the first, letters in the second).
  @inline(__always)
  static func isASCIIWordByte(_ byte: UInt8) -> Bool {
    let digits: UInt64 = 0x03FF_0000_0000_0000
    let letters: UInt64 = 0x07FF_FFFE_07FF_FFFE
    return byte < 64 ? (digits >> UInt64(byte)) & 1 == 1 : (letters >> UInt64(byte &- 64)) & 1 == 1
  }

  /// Calls `body` with the byte range of each token of `bytes` (UTF-8) and the length of its word part.
  ///
  /// Runs of ASCII are read eight bytes at a time (``asciiWordBytes(_:)``): one test a word or separator
  /// rather than one a byte, whose mispredicted loop exits took a quarter of the loading thread's time.
  static func forEachToken(
    in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ range: Range<Int>, _ wordLength: Int) -> Void
  ) {
    guard let base = bytes.baseAddress else { return }
    let raw = UnsafeRawPointer(base)
    let highBits: UInt64 = 0x8080_8080_8080_8080
    var index = 0
    let count = bytes.count
    while index < count {
      let start = index
      var segments = false
      // Word part.
      word: while index < count {
        if index + 8 <= count {
          let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          if chunk & highBits == 0 {
            let stops = ~asciiWordBytes(chunk) & highBits
            guard stops != 0 else {
              index += 8
              continue
            }
            index += stops.trailingZeroBitCount >> 3
            break word
          }
        }
        let byte = bytes[index]
        if byte < 0x80 {
          guard isASCIIWordByte(byte) else { break }
          index += 1
          continue
        }
        let (scalar, length) = decodeScalar(bytes, at: index)
        guard isWordScalar(scalar) else { break }
        if WordSegmenter.isSegmented(scalar) { segments = true }
        index += length
      }
      let wordEnd = index
      // Separator part.
      separator: while index < count {
        if index + 8 <= count {
          let chunk = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          if chunk & highBits == 0 {
            let stops = asciiWordBytes(chunk)
            guard stops != 0 else {
              index += 8
              continue
            }
            index += stops.trailingZeroBitCount >> 3
            break separator
          }
        }
        let byte = bytes[index]
        if byte < 0x80 {
          if isASCIIWordByte(byte) { break }
          index += 1
          continue
        }
        let (scalar, length) = decodeScalar(bytes, at: index)
        if isWordScalar(scalar) { break }
        index += length
      }
      if segments {
        WordSegmenter.forEachToken(in: bytes, word: start..<wordEnd, tokenEnd: index, body)
      } else {
        body(start..<index, wordEnd - start)
      }
    }
  }

  /// For eight ASCII bytes (every high bit clear), in the first byte's lowest, `0x80` in each byte that is
  /// a letter or a digit and `0` in the others: each byte's range is tested by two additions that carry
  /// into its high bit (no byte carries into the next, all being below `0x80`).
  @inline(__always)
  static func asciiWordBytes(_ chunk: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    @inline(__always)
    func within(_ bytes: UInt64, _ low: UInt64, _ high: UInt64) -> UInt64 {
      (bytes &+ ones &* (0x80 - low)) & ~(bytes &+ ones &* (0x7F - high)) & (ones &* 0x80)
    }
    // Setting bit 5 turns A–Z into a–z and no other byte into one.
    return within(chunk, 0x30, 0x39) | within(chunk | ones &* 0x20, 0x61, 0x7A)
  }

  /// Decodes the scalar at `index`; invalid UTF-8 reads as U+FFFD, one byte long.
  @inline(__always)
  static func decodeScalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar, Int) {
    let first = bytes[index]
    if first < 0x80 { return (Unicode.Scalar(first), 1) }
    let length: Int
    var value: UInt32
    if first & 0xE0 == 0xC0 {
      length = 2
      value = UInt32(first & 0x1F)
    } else if first & 0xF0 == 0xE0 {
      length = 3
      value = UInt32(first & 0x0F)
    } else if first & 0xF8 == 0xF0 {
      length = 4
      value = UInt32(first & 0x07)
    } else {
      return ("\u{FFFD}", 1)
    }
    guard index + length <= bytes.count else { return ("\u{FFFD}", 1) }
    for offset in 1..<length {
      let byte = bytes[index + offset]
      guard byte & 0xC0 == 0x80 else { return ("\u{FFFD}", 1) }
      value = value << 6 | UInt32(byte & 0x3F)
    }
    return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
  }

  /// The searchable form of a word: lower case, without diacritics, with ``LanguageFolding``'s foldings.
  static func fold(_ word: String) -> String {
    if word.utf8.allSatisfy({ $0 < 0x80 }) {
      return String(decoding: word.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
    return LanguageFolding.apply(
      word.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil).lowercased())
  }

  /// The folded words of a text, in order (for queries).
  static func words(of text: String) -> [String] {
    var text = text
    var result: [String] = []
    text.withUTF8 { bytes in
      forEachToken(in: bytes) { range, wordLength in
        guard wordLength > 0 else { return }
        let word = String(
          decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<range.lowerBound + wordLength]),
          as: UTF8.self)
        result.append(fold(word))
      }
    }
    return result
  }
}
