import Testing

@testable import InstantSearchEngine

@Suite("Packed varints read four bytes at a time")
struct VarintReadingTests {
  /// Values of every length from one to ten bytes, with the edges of each length.
  static let values: [UInt64] = {
    var values: [UInt64] = [0, 1, 0x7F, 0x80, 0x3FFF, 0x4000, 0x1F_FFFF, 0x20_0000, 0xFFF_FFFF, 0x1000_0000]
    values += [0xFFFF_FFFF, 1 << 35, UInt64.max]
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<500 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      values.append(state >> (state % 64))
    }
    return values
  }()

  @Test("A run of varints reads the same with and without the four-byte load, up to the buffer's last byte")
  func sameAsByteByByte() {
    var writer = PackedWriter()
    for value in Self.values { writer.varint(value) }
    writer.bytes.withUnsafeBufferPointer { bytes in
      var fast = PackedReader(bytes)
      var slow = PackedReader(bytes)
      for value in Self.values {
        #expect(fast.shortVarint() == value)
        #expect(slow.varint() == value)
        #expect(fast.position == slow.position)
      }
      #expect(fast.position == bytes.count)
    }
  }

  @Test("Every value alone, at every offset of a small buffer: no read past its end")
  func aloneAtEveryOffset() {
    for value in Self.values.prefix(13) {
      for padding in 0..<5 {
        var writer = PackedWriter()
        writer.bytes = [UInt8](repeating: 0xFF, count: padding)
        writer.varint(value)
        let exact = writer.bytes
        exact.withUnsafeBufferPointer { bytes in
          var reader = PackedReader(bytes, at: padding)
          #expect(reader.shortVarint() == value, "\(value) after \(padding) bytes")
          #expect(reader.position == bytes.count)
        }
      }
    }
  }
}
