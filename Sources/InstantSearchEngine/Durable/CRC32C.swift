import CInstantSearchChecksum

/// CRC-32C (Castagnoli), the checksum of every durable file: the polynomial iSCSI, ext4 and LevelDB use.
///
/// Computed with the processor's CRC-32C instructions where it has them (SSE 4.2, the arm64 CRC extension:
/// several gigabytes a second, so that checking a segment image at open stays cheap), else eight bytes at
/// a time from eight tables ("slicing by 8"); ``checksumBytewise(_:seed:)`` is the plain definition the
/// tests compare both with.
enum CRC32C {
  /// `tables[k][b]`: the CRC of byte `b` followed by `k` zero bytes.
  private static let tables: [[UInt32]] = {
    var tables = [[UInt32]](repeating: [UInt32](repeating: 0, count: 256), count: 8)
    for index in 0..<256 {
      var crc = UInt32(index)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
      tables[0][index] = crc
    }
    for index in 0..<256 {
      for slice in 1..<8 {
        let previous = tables[slice - 1][index]
        tables[slice][index] = tables[0][Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    return tables
  }()
  /// The eight tables one after the other, for the inner loop.
  private static let flat: [UInt32] = tables.flatMap { $0 }

  /// The checksum of `bytes`, continuing from `seed` (the checksum of what came before, 0 at the start).
  static func checksum(_ bytes: some Collection<UInt8>, seed: UInt32 = 0) -> UInt32 {
    let contiguous = bytes.withContiguousStorageIfAvailable { checksum(UnsafeRawBufferPointer($0), seed: seed) }
    return contiguous ?? checksum(Array(bytes), seed: seed)
  }

  /// Whether the processor's CRC-32C instructions are used.
  static let usesHardware = instantsearch_crc32c_hardware_available() != 0

  static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt32) -> UInt32 {
    if usesHardware, let base = bytes.baseAddress {
      return ~instantsearch_crc32c_hardware(~seed, base.assumingMemoryBound(to: UInt8.self), bytes.count)
    }
    return checksumWithTables(bytes, seed: seed)
  }

  /// The checksum with the slicing-by-8 tables (where the processor has no CRC-32C instructions).
  static func checksumWithTables(_ bytes: UnsafeRawBufferPointer, seed: UInt32) -> UInt32 {
    var crc = ~seed
    flat.withUnsafeBufferPointer { table in
      var index = 0
      let count = bytes.count
      while index + 8 <= count {
        var low = UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
        low |= UInt32(bytes[index + 3]) << 24
        low ^= crc
        let high =
          UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8 | UInt32(bytes[index + 6]) << 16
          | UInt32(bytes[index + 7]) << 24
        crc =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int((low >> 8) & 0xFF)]
          ^ table[5 * 256 + Int((low >> 16) & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
          ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int((high >> 8) & 0xFF)]
          ^ table[1 * 256 + Int((high >> 16) & 0xFF)] ^ table[Int(high >> 24)]
        index += 8
      }
      while index < count {
        crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
        index += 1
      }
    }
    return ~crc
  }

  /// The checksum of bytes A followed by bytes B, from A's (`first`) and B's (`second`, from seed 0) and
  /// B's length: the register is linear in the bytes, so A's checksum is carried across B's length (a
  /// multiplication by x^(8·length) modulo the polynomial) and added to B's — the inversions before and
  /// after cancel out. Lets pieces of one array be checked on different threads.
  static func combine(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
    multiply(first, powerOfX(8 * max(secondLength, 0))) ^ second
  }

  /// `a` times `b` modulo the polynomial, in the reflected bit order (bit 31 is x^0).
  static func multiply(_ a: UInt32, _ b: UInt32) -> UInt32 {
    var a = a
    var b = b
    var product: UInt32 = 0
    while a != 0 {
      if a & 0x8000_0000 != 0 { product ^= b }
      a <<= 1
      b = b & 1 == 1 ? (b >> 1) ^ 0x82F6_3B78 : b >> 1
    }
    return product
  }

  /// x^`exponent` modulo the polynomial (reflected), by squaring.
  static func powerOfX(_ exponent: Int) -> UInt32 {
    var result: UInt32 = 0x8000_0000
    var square: UInt32 = 0x4000_0000
    var exponent = exponent
    while exponent > 0 {
      if exponent & 1 == 1 { result = multiply(result, square) }
      square = multiply(square, square)
      exponent >>= 1
    }
    return result
  }

  /// The checksum a byte at a time, as the definition reads.
  static func checksumBytewise(_ bytes: some Sequence<UInt8>, seed: UInt32 = 0) -> UInt32 {
    var crc = ~seed
    for byte in bytes { crc = tables[0][Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    return ~crc
  }
}
