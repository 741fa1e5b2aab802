/// The `queryID` of a search made with `clickAnalytics`: 32 lowercase hexadecimal digits (128 random
/// bits), the shape Algolia's service returns and the Insights API expects beside the clicked objectIDs.
enum QueryID {
  /// A new query id.
  static func make() -> String {
    var generator = SystemRandomNumberGenerator()
    return make(using: &generator)
  }

  /// A query id drawn from `generator` (tests pass a seeded one).
  static func make(using generator: inout some RandomNumberGenerator) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32)
    for _ in 0..<2 {
      var bits = generator.next() as UInt64
      for _ in 0..<16 {
        bytes.append(digits[Int(bits & 0xF)])
        bits >>= 4
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether `text` has the shape of a query id.
  static func isWellFormed(_ text: String) -> Bool {
    text.utf8.count == 32 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }
}
