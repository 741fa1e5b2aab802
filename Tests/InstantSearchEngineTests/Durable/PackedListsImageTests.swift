import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// A packed posting list is validated before any query decodes it: a block that would read past its list
/// is refused at open even when its checksum was made to match.
@Suite("Packed posting lists in segment images")
struct PackedListsImageTests {
  /// Where each array of the image `bytes` starts (its head), by name hash.
  static func heads(_ bytes: [UInt8]) -> [(hash: UInt32, head: Int, length: Int)] {
    func number<T: FixedWidthInteger>(_ at: Int, _: T.Type) -> T {
      (0..<MemoryLayout<T>.size).reduce(T(0)) { $0 | T(bytes[at + $1]) << (8 * $1) }
    }
    var found: [(UInt32, Int, Int)] = []
    var position = 8
    while position + 24 <= bytes.count {
      let size = Int(number(position + 4, UInt32.self))
      guard size > 0 else { break }
      let length = size * Int(number(position + 8, UInt64.self))
      found.append((number(position, UInt32.self), position, length))
      position += 24 + length
      position += (8 - position % 8) % 8
    }
    return found
  }

  /// The path of the one segment image of the index directory at `path`.
  static func segmentImage(inIndexAt path: String) throws -> String {
    let segment = try #require(
      try FileManager.default.contentsOfDirectory(atPath: path).first { $0.hasSuffix(".seg") })
    return path + "/" + segment
  }

  /// Changes the payload of array `name` in the one segment image of the index directory at `path` with
  /// `edit` (given the file's bytes and the payload's offset), the array's checksum made to match again, so
  /// that only the structure checks can refuse it; returns where the array's head is. The first array of
  /// that name, or with `largest` the longest.
  static func rewrite(
    array name: String, inIndexAt path: String, largest: Bool = false, _ edit: (inout [UInt8], Int) -> Void
  ) throws -> (head: Int, length: Int) {
    let file = try PackedListsImageTests.segmentImage(inIndexAt: path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    let named = heads(bytes).filter { $0.hash == ImageWriter.hash(name) }
    let array = try #require(largest ? named.max { $0.length < $1.length } : named.first)
    let payload = array.head + 24
    edit(&bytes, payload)
    let checksum = bytes[payload..<payload + array.length].withUnsafeBytes { CRC32C.checksum($0, seed: 0) }
    for index in 0..<4 { bytes[array.head + 16 + index] = UInt8(truncatingIfNeeded: checksum >> (8 * UInt32(index))) }
    try Data(bytes).write(to: URL(fileURLWithPath: file))
    return (array.head, array.length)
  }

  @Test("A block wider than 32 bits with a matching checksum is refused at open, naming the lists")
  func damagedBlock() throws {
    let folder = try ScratchFolder()
    let path = folder.file("packed")
    try RecordElisionTests.write(RecordElisionTests.records(count: 300, seed: 21), to: path)
    let packed = try Self.rewrite(array: "facet.postings.packed", inIndexAt: path) { bytes, payload in
      bytes[payload] = 40
    }
    #expect(packed.length > 8)
    do {
      _ = try DurableIndex(directory: path, name: "products")
      Issue.record("a damaged list opened")
    } catch {
      #expect("\(error)".contains("facet.postings.packed at offset \(packed.head) does not hold together"), "\(error)")
    }
  }

  @Test("Packed text postings by default: the same answers as in memory, plain lists once asked for")
  func packedText() throws {
    let folder = try ScratchFolder()
    let path = folder.file("text")
    let records = (0..<600).map { number -> [String: JSON] in
      let words = ["wireless", "headphones", "wired", "leather", "jacket", "camera", "table", "brown", "shoes"]
      return [
        "objectID": .string("r\(number)"),
        "name": .string(
          (0..<4).map { words[(number * 7 + $0 * 3 + $0 * number) % words.count] }.joined(separator: " ")),
        "brand": .string("b\(number % 9)"),
      ]
    }
    let settings: [String: JSON] = ["searchableAttributes": ["name"], "attributesForFaceting": ["brand"]]
    do {
      let durable = try DurableIndex(
        directory: path, name: "products", settings: try IndexSettings(json: settings))
      try durable.saveRecords(records)
      try durable.commit()
    }
    let memory = try Fixture.index(records, settings: settings)
    func isPacked(_ index: LocalIndex) -> Bool {
      index.view.segments.allSatisfy { segment in
        if case .packed = segment.snapshot.text.postings.form { return true }
        return false
      }
    }
    do {
      let durable = try DurableIndex(directory: path, name: "products", textPostings: .plain)
      #expect(isPacked(durable.index))
      for text in ["w", "wi", "wirless", "leather jack", "camera brown", "tabel", "shoes wireles"] {
        let query = Fixture.query(text) {
          $0.hitsPerPage = 1000
          $0.facets = ["brand"]
        }
        try Fixture.expectSameAnswer(query, from: durable.index, as: memory, "\(text)")
      }
      // Rewritten by an index that asks for plain lists, the lists are plain.
      try durable.saveRecords([["objectID": "new", "name": "wireless", "brand": "b1"]])
      let view = durable.index.view
      durable.index.merge(Array(view.segments.indices), of: view)
      try durable.commit()
    }
    let reopened = try DurableIndex(directory: path, name: "products").index
    #expect(!isPacked(reopened))
    #expect(
      try reopened.search(Fixture.query("wireless")).nbHits == (try memory.search(Fixture.query("wireless")).nbHits + 1)
    )
  }
}
