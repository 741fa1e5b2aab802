import InstantSearchModel

/// The compact binary form records are stored in: a tree of tagged values, object keys as key ids,
/// strings as token ids (see ``TokenDictionary``), `objectID` as raw bytes.
///
/// Layout: a tag byte, then `null`/`false`/`true` nothing; `integer` a zig-zag varint; `double` 8 bytes;
/// `text` a varint token count and varint token ids; `raw` a varint byte count and UTF-8 bytes; `array`
/// values then an `end` tag; `object` (varint key id + 1, value) pairs then a zero byte (so a streaming
/// parser never needs to know counts in advance, and no key id can be read as the end).
enum PackedTag: UInt8 {
  case null = 0
  case falseValue = 1
  case trueValue = 2
  case integer = 3
  case double = 4
  case text = 5
  case raw = 6
  case array = 7
  case object = 8
  case end = 9
}

/// Appends packed values to a byte buffer.
struct PackedWriter {
  var bytes: [UInt8] = []

  mutating func tag(_ tag: PackedTag) { bytes.append(tag.rawValue) }

  mutating func varint(_ value: UInt64) {
    var value = value
    while value >= 0x80 {
      bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
      value >>= 7
    }
    bytes.append(UInt8(value))
  }

  mutating func integer(_ value: Int64) {
    tag(.integer)
    varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
  }

  mutating func double(_ value: Double) {
    tag(.double)
    var bits = value.bitPattern
    for _ in 0..<8 {
      bytes.append(UInt8(truncatingIfNeeded: bits))
      bits >>= 8
    }
  }

  mutating func number(_ value: Double) {
    if value.rounded() == value, abs(value) < 9.0e15, let integer = Int64(exactly: value) {
      self.integer(integer)
    } else {
      double(value)
    }
  }

  /// Writes an object member's key.
  mutating func key(_ id: UInt32) { varint(UInt64(id) + 1) }

  /// Ends an object.
  mutating func endObject() { bytes.append(0) }

  mutating func raw(_ utf8: UnsafeBufferPointer<UInt8>) {
    tag(.raw)
    varint(UInt64(utf8.count))
    bytes.append(contentsOf: utf8)
  }

  /// Writes a text value: its tag, token count and token ids, encoded in temporary memory first and
  /// appended at once (one append per text rather than one per byte).
  mutating func text(_ tokens: [UInt32]) {
    tokens.withUnsafeBufferPointer { text($0) }
  }

  /// Writes a text value of the tokens `tokens`, read in place (see ``JSONPacker``: a slice of its token
  /// array retained and released that array's storage for every text of every record, 7 % of the packing
  /// thread at a million records).
  mutating func text(_ tokens: UnsafeBufferPointer<UInt32>) {
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + 5 * (tokens.count + 1)) { buffer in
      guard let base = buffer.baseAddress else { return }
      var count = 0
      func put(_ value: UInt32) {
        var value = value
        while value >= 0x80 {
          (base + count).initialize(to: UInt8(truncatingIfNeeded: value) | 0x80)
          count += 1
          value >>= 7
        }
        (base + count).initialize(to: UInt8(value))
        count += 1
      }
      base.initialize(to: PackedTag.text.rawValue)
      count = 1
      put(UInt32(tokens.count))
      for token in tokens { put(token) }
      bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }
  }
}

/// Reads packed values.
struct PackedReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position: Int

  init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int = 0) {
    self.bytes = bytes
    self.position = position
  }

  @inline(__always)
  mutating func byte() -> UInt8 {
    let value = bytes[position]
    position += 1
    return value
  }

  @inline(__always)
  mutating func varint() -> UInt64 {
    var result: UInt64 = 0
    var shift: UInt64 = 0
    while true {
      let byte = bytes[position]
      position += 1
      result |= UInt64(byte & 0x7F) << shift
      if byte < 0x80 { return result }
      shift += 7
    }
  }

  /// A varint of at most four bytes (a token id) read without a branch per byte: four bytes are loaded
  /// at once and the continuation bits give the length. Near the end of the buffer, or for a longer
  /// varint, it is read byte by byte.
  @inline(__always)
  mutating func shortVarint() -> UInt64 {
    guard position &+ 4 <= bytes.count, let base = bytes.baseAddress else { return varint() }
    let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self).littleEndian
    let more0 = (word >> 7) & 1
    let more1 = more0 & (word >> 15)
    let more2 = more1 & (word >> 23)
    guard more2 & (word >> 31) & 1 == 0 else { return varint() }
    let length = 1 &+ more0 &+ more1 &+ more2
    let value = (word & 0x7F) | ((word >> 1) & 0x3F80) | ((word >> 2) & 0x1F_C000) | ((word >> 3) & 0xFE0_0000)
    position &+= Int(length)
    return UInt64(value & ((1 &<< (7 &* length)) &- 1))
  }

  /// Moves past `count` varints (a text's token ids) eight bytes at a time: each varint ends at a byte
  /// below 0x80, so the ends among eight bytes are counted at once, and only the word holding the last end
  /// is searched for it. A few varints (a facet value's words), and those near the end of the buffer, byte
  /// by byte.
  @inline(__always)
  mutating func skipVarints(_ count: Int) {
    var remaining = count
    if remaining > 4, let base = bytes.baseAddress {
      while remaining > 0, position &+ 8 <= bytes.count {
        let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self).littleEndian
        var ends = ~word & 0x8080_8080_8080_8080
        let found = ends.nonzeroBitCount
        if found < remaining {
          position &+= 8
          remaining &-= found
          continue
        }
        // The `remaining`-th end of this word: drop the ends before it.
        for _ in 1..<remaining { ends &= ends &- 1 }
        position &+= ends.trailingZeroBitCount >> 3 &+ 1
        return
      }
    }
    while remaining > 0 {
      while bytes[position] >= 0x80 { position += 1 }
      position += 1
      remaining -= 1
    }
  }

  mutating func integer() -> Int64 {
    let raw = varint()
    return Int64(bitPattern: (raw >> 1) ^ (0 &- (raw & 1)))
  }

  mutating func double() -> Double {
    var bits: UInt64 = 0
    for index in 0..<8 { bits |= UInt64(bytes[position + index]) << (8 * UInt64(index)) }
    position += 8
    return Double(bitPattern: bits)
  }

  /// Consumes the `end` tag of a container and returns `true` when it is next.
  @inline(__always)
  mutating func atEnd() -> Bool {
    if bytes[position] == PackedTag.end.rawValue {
      position += 1
      return true
    }
    return false
  }

  /// The next key of an object, or `nil` (consuming the end marker) when the object ends.
  @inline(__always)
  mutating func nextKey() -> UInt32? {
    let raw = varint()
    return raw == 0 ? nil : UInt32(raw - 1)
  }

  /// Skips one value.
  mutating func skipValue() {
    guard let tag = PackedTag(rawValue: byte()) else { return }
    switch tag {
    case .null, .falseValue, .trueValue: break
    case .integer: _ = varint()
    case .double: position += 8
    case .text:
      skipVarints(Int(varint()))
    case .raw: position += Int(varint())
    case .array:
      while !atEnd() { skipValue() }
    case .object:
      while nextKey() != nil { skipValue() }
    case .end:
      break
    }
  }
}
