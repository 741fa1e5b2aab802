import Testing

@testable import InstantSearchEngine

/// Text is cut into tokens eight ASCII bytes at a time where it can be: the same tokens as a scalar at a
/// time.
@Suite("Text token splitting")
struct TextTokenSplittingTests {
  /// The tokens of `bytes` cut one scalar at a time (how ``TextTokens/forEachToken(in:_:)`` cut them
  /// before it read words eight bytes at a time), a word with letters of a script written without spaces
  /// then cut by ``WordSegmenter``.
  static func scalarByScalar(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>: Int] {
    var tokens: [Range<Int>: Int] = [:]
    var index = 0
    while index < bytes.count {
      let start = index
      var segmented = false
      while index < bytes.count {
        let (scalar, length) = TextTokens.decodeScalar(bytes, at: index)
        guard TextTokens.isWordScalar(scalar) else { break }
        segmented = segmented || WordSegmenter.isSegmented(scalar)
        index += length
      }
      let wordEnd = index
      while index < bytes.count {
        let (scalar, length) = TextTokens.decodeScalar(bytes, at: index)
        if TextTokens.isWordScalar(scalar) { break }
        index += length
      }
      guard segmented else {
        tokens[start..<index] = wordEnd - start
        continue
      }
      var pieces: [Range<Int>] = []
      WordSegmenter.forEachWord(in: bytes, word: start..<wordEnd) { pieces.append($0) }
      for (position, piece) in pieces.enumerated() {
        tokens[piece.lowerBound..<(position == pieces.count - 1 ? index : piece.upperBound)] = piece.count
      }
    }
    return tokens
  }

  @Test("random texts of every ASCII byte, letters with diacritics and broken UTF-8: the same tokens")
  func sameTokens() {
    var random = DifferentialTests.Generator(state: 71)
    let pieces: [[UInt8]] =
      (0..<128).map { [UInt8($0)] } + [
        Array("é".utf8), Array("ß".utf8), Array("日本".utf8), Array("\u{301}".utf8), Array("٣".utf8),
        Array("—".utf8), Array("\u{A0}".utf8), [0xC3], [0xFF], [0xE2, 0x82],
      ]
    var tokens = 0
    for round in 0..<4_000 {
      var text: [UInt8] = []
      let length = random.int(0..<(round % 4 == 0 ? 200 : 30))
      // Mostly words of letters and digits (long ones too) between separators, so that eight-byte reads
      // find words, separators and their ends at every offset.
      while text.count < length {
        if random.int(0..<4) == 0 {
          text += random.pick(pieces)
        } else {
          for _ in 0..<random.int(1..<20) { text.append(random.pick(Array("aZ09kQ".utf8))) }
          text.append(random.pick(Array(" ,.-".utf8)))
        }
      }
      var given: [Range<Int>: Int] = [:]
      var order: [Int] = []
      text.withUnsafeBufferPointer { buffer in
        TextTokens.forEachToken(in: buffer) { range, wordLength in
          given[range] = wordLength
          order.append(range.lowerBound)
        }
        #expect(given == Self.scalarByScalar(buffer), "\(text)")
      }
      #expect(order == order.sorted())
      tokens += given.count
    }
    #expect(tokens > 12_000)
  }

  @Test("eight bytes classified at once: letters and digits, every other ASCII byte not")
  func asciiWordBytes() {
    for byte in UInt8(0)..<0x80 {
      for position in 0..<8 {
        // The byte among others of each kind, at every position.
        for filler: UInt8 in [0x20, 0x61, 0x7F, 0x00, 0x39] {
          var chunk = UInt64(filler) &* 0x0101_0101_0101_0101
          chunk &= ~(UInt64(0xFF) << UInt64(position * 8))
          chunk |= UInt64(byte) << UInt64(position * 8)
          let marked = (TextTokens.asciiWordBytes(chunk) >> UInt64(position * 8 + 7)) & 1 == 1
          #expect(marked == TextTokens.isASCIIWordByte(byte), "byte \(byte) at \(position) among \(filler)")
        }
      }
    }
  }
}
