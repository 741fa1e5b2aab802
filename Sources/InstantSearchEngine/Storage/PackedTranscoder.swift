/// Re-packs records from one codec into another without unpacking them: the structure is copied byte
/// for byte and only key and token ids are mapped, each distinct id looked up once. A merge of segments
/// (each with a codec of its own) copies their records this way instead of going through JSON values.
struct PackedTranscoder {
  private let source: PackedCodec
  /// The target id of each source key and token, `UInt32.max` until first met.
  private var keyMap: [UInt32]
  private var tokenMap: [UInt32]

  init(source: PackedCodec) {
    self.source = source
    keyMap = [UInt32](repeating: .max, count: source.keys.count)
    tokenMap = [UInt32](repeating: .max, count: source.dictionary.tokens.count)
  }

  /// The record `bytes` (packed with the source codec) packed with `target`.
  mutating func transcode(_ bytes: UnsafeBufferPointer<UInt8>, into target: inout PackedCodec) -> [UInt8] {
    var reader = PackedReader(bytes)
    var writer = PackedWriter()
    writer.bytes.reserveCapacity(bytes.count + 16)
    value(&reader, &writer, &target)
    return writer.bytes
  }

  private mutating func value(_ reader: inout PackedReader, _ writer: inout PackedWriter, _ target: inout PackedCodec) {
    guard reader.position < reader.bytes.count, let tag = PackedTag(rawValue: reader.byte()) else { return }
    writer.tag(tag)
    switch tag {
    case .null, .falseValue, .trueValue, .end: break
    case .integer: writer.varint(reader.varint())
    case .double:
      writer.bytes.append(contentsOf: reader.bytes[reader.position..<reader.position + 8])
      reader.position += 8
    case .text:
      let count = reader.varint()
      writer.varint(count)
      for _ in 0..<count { writer.varint(UInt64(token(UInt32(reader.varint()), &target))) }
    case .raw:
      let length = Int(reader.varint())
      writer.varint(UInt64(length))
      writer.bytes.append(contentsOf: reader.bytes[reader.position..<reader.position + length])
      reader.position += length
    case .array:
      while !reader.atEnd() { value(&reader, &writer, &target) }
      writer.tag(.end)
    case .object:
      while let key = reader.nextKey() {
        writer.key(self.key(key, &target))
        value(&reader, &writer, &target)
      }
      writer.endObject()
    }
  }

  private mutating func key(_ id: UInt32, _ target: inout PackedCodec) -> UInt32 {
    if keyMap[Int(id)] == .max {
      keyMap[Int(id)] = Array(source.keys.bytes(id)).withUnsafeBufferPointer { target.keys.intern($0) }
    }
    return keyMap[Int(id)]
  }

  private mutating func token(_ id: UInt32, _ target: inout PackedCodec) -> UInt32 {
    if tokenMap[Int(id)] == .max {
      let wordLength = Int(source.dictionary.wordLengthOfToken[Int(id)])
      tokenMap[Int(id)] = Array(source.dictionary.tokens.bytes(id)).withUnsafeBufferPointer {
        target.dictionary.intern(token: $0, wordLength: wordLength)
      }
    }
    return tokenMap[Int(id)]
  }
}
