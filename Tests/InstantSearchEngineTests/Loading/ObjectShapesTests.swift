import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Unpacking through learned object shapes gives exactly the objects unpacking key by key gives, whatever
/// the mix of shapes: shared prefixes, missing and extra keys, nested objects, repeated keys, and more
/// shapes than are kept.
@Suite("Object shapes")
struct ObjectShapesTests {
  typealias Generator = DifferentialTests.Generator

  static let topKeys = ["objectID", "name", "brand", "price", "tags", "meta", "z", "a"]
  static let nestedKeys = ["lvl0", "lvl1", "kind"]

  static func value(_ random: inout Generator, depth: Int) -> JSON {
    switch random.int(0..<(depth < 2 ? 6 : 4)) {
    case 0: return .string(random.pick(["red shoes", "Sony", "", "ünïcode wörds", "a b c d e f g h"]))
    case 1: return .number(Double(random.int(-50..<50)) / 4)
    case 2: return .bool(random.bool())
    case 3: return .null
    case 4: return .object(object(random: &random, keys: nestedKeys, depth: depth + 1))
    default: return .array((0..<random.int(0..<3)).map { _ in value(&random, depth: depth + 1) })
    }
  }

  static func object(random: inout Generator, keys: [String], depth: Int) -> [String: JSON] {
    var object: [String: JSON] = [:]
    for key in keys where random.int(0..<5) > 0 { object[key] = value(&random, depth: depth) }
    return object
  }

  @Test("Random records unpack the same with shapes as key by key, beyond the shapes kept")
  func randomRecords() {
    var random = Generator(state: 7)
    var codec = PackedCodec()
    let records = (0..<600).map { _ in Self.object(random: &random, keys: Self.topKeys, depth: 0) }
    let packed = records.map { codec.pack($0) }
    let shapes = ObjectShapes()
    let names = codec.keyNames
    for (record, bytes) in zip(records, packed) {
      let context = ShapeContext(shapes)
      let shaped = bytes.withUnsafeBufferPointer { codec.unpack($0, keyNames: names, shapes: context) }
      let plain = bytes.withUnsafeBufferPointer { codec.unpack($0, keyNames: names) }
      #expect(shaped == record)
      #expect(plain == record)
    }
    // The shapes filled up, so later records went through kept shapes and past them.
    #expect(shapes.current.count == ObjectShapes.capacity)
  }

  @Test("A repeated key keeps its last value, whether the shape ends before it or goes on")
  func repeatedKeys() {
    var codec = PackedCodec()
    let short = codec.pack(["a": 1, "b": 2])
    let long = codec.pack(["a": 1, "b": 2, "c": 3])
    let (a, b) = (codec.keys.intern("a"), codec.keys.intern("b"))
    var writer = PackedWriter()
    writer.tag(.object)
    for (key, number) in [(a, 1.0), (b, 2.0), (a, 3.0)] {
      writer.key(key)
      writer.number(number)
    }
    writer.endObject()
    let repeated = writer.bytes
    let names = codec.keyNames
    for learned in [[short], [long], [short, long]] {
      let shapes = ObjectShapes()
      for bytes in learned {
        _ = bytes.withUnsafeBufferPointer { codec.unpack($0, keyNames: names, shapes: ShapeContext(shapes)) }
      }
      #expect(shapes.current.count == learned.count)
      let unpacked = repeated.withUnsafeBufferPointer {
        codec.unpack($0, keyNames: names, shapes: ShapeContext(shapes))
      }
      #expect(unpacked == ["a": 3, "b": 2])
      // A record with a repeated key is not a shape.
      #expect(shapes.current.count == learned.count)
    }
  }

  @Test("A shape's template leaves room for the members a hit adds")
  func templateRoom() {
    guard let template = DictionaryTemplate(names: ["a", "b", "c"], spare: 4) else {
      Issue.record("no template")
      return
    }
    #expect(template.object.capacity >= 7)
    #expect(DictionaryTemplate(names: ["a", "a"]) == nil)
    var filled = template.object
    for (slot, value) in zip(template.slots, [1, 2, 3] as [JSON]) { filled.values[slot] = value }
    #expect(filled == ["a": 1, "b": 2, "c": 3])
    #expect(template.object == ["a": .null, "b": .null, "c": .null])
  }
}
