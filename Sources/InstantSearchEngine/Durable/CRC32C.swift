/// CRC-32C (Castagnoli), the checksum of every durable file: the polynomial iSCSI, ext4 and LevelDB use,
/// computed a byte at a time from a table (fast enough for logs and manifests; segments checksum once).
enum CRC32C {
  private static let table: [UInt32] = (0..<256).map { index in
    var crc = UInt32(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0x82F6_3B78 : crc >> 1 }
    return crc
  }

  /// The checksum of `bytes`, continuing from `seed` (the checksum of what came before, 0 at the start).
  static func checksum(_ bytes: some Sequence<UInt8>, seed: UInt32 = 0) -> UInt32 {
    var crc = ~seed
    table.withUnsafeBufferPointer { table in
      for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
    return ~crc
  }
}
