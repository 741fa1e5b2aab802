/// Byte-wise ordering of strings by their UTF-8 encoding.
///
/// Swift's `<` on `String` compares canonically equivalent strings as equal and normalises non-ASCII text
/// before comparing. Rendering needs an order that depends only on the bytes that end up in the output, so
/// every sort that decides rendered output goes through this type.
package enum UTF8Order {
  /// Whether `lhs` sorts strictly before `rhs` by UTF-8 bytes.
  package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
    compare(lhs, rhs) < 0
  }

  /// Three-way comparison by UTF-8 bytes: negative, zero or positive.
  package static func compare(_ lhs: String, _ rhs: String) -> Int {
    let fast: Int?? = lhs.utf8.withContiguousStorageIfAvailable { left in
      rhs.utf8.withContiguousStorageIfAvailable { right in
        compareBytes(left, right)
      }
    }
    if let fast, let fast { return fast }
    return Array(lhs.utf8).withUnsafeBufferPointer { left in
      Array(rhs.utf8).withUnsafeBufferPointer { right in compareBytes(left, right) }
    }
  }

  /// Three-way comparison of two byte buffers.
  package static func compareBytes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(left.count, right.count)
    var index = 0
    while index < common {
      let difference = Int(left[index]) - Int(right[index])
      if difference != 0 { return difference }
      index += 1
    }
    return left.count - right.count
  }
}
