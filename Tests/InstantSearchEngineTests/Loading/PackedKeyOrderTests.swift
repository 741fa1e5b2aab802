import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Records written through the API lead with their searchable attributes, so that a scorer reading them
/// with a cutoff meets those first whatever the keys' names.
@Suite("Packed records: searchable attributes first")
struct PackedKeyOrderTests {
  /// The top-level keys of a packed record, in the order they are stored.
  static func storedKeys(_ bytes: [UInt8], codec: PackedCodec) -> [String] {
    bytes.withUnsafeBufferPointer { bytes in
      var reader = PackedReader(bytes)
      guard reader.byte() == PackedTag.object.rawValue else { return [] }
      var keys: [String] = []
      while let key = reader.nextKey() {
        keys.append(codec.keys.string(key))
        reader.skipValue()
      }
      return keys
    }
  }

  @Test("Searchable attributes by priority, then the other keys in byte order; the values unchanged")
  func order() throws {
    let settings = try IndexSettings(json: ["searchableAttributes": ["title", "meta.kind", "unordered(body)"]])
    var codec = PackedCodec(leadingWith: settings)
    let record: [String: JSON] = [
      "objectID": "1", "body": "some text", "brand": "acme", "title": "a title", "meta": ["kind": "x"], "a": 1,
    ]
    let bytes = codec.pack(record)
    #expect(Self.storedKeys(bytes, codec: codec) == ["title", "meta", "body", "a", "brand", "objectID"])
    let unpacked = bytes.withUnsafeBufferPointer { codec.unpack($0) }
    #expect(unpacked == record)
    var plain = PackedCodec()
    #expect(Self.storedKeys(plain.pack(record), codec: plain) == ["a", "body", "brand", "meta", "objectID", "title"])
  }
}
