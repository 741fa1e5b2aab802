import Foundation
import InstantSearchCore
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// The text index and the objectID index of a segment image are verified after it opens, before their
/// first read (``VerifiedPart``): a query that does not read a damaged part answers; one that reads it
/// fails with the part's error, and so does every search after; writes and commits fail; nothing
/// unverified is ever read, and the file is left as it was.
@Suite("Segment images: text and objectID indexes verified on first read")
struct VerifiedPartTests {
  typealias Records = DeferredVerificationTests

  /// An index directory of 300 records whose array `name` has a bit flipped a third of the way in; returns
  /// its path, the image's, and where the array's head is.
  static func damaged(_ name: String, in folder: ScratchFolder) throws -> (path: String, image: String, head: Int) {
    let path = folder.file("index")
    try RecordElisionTests.write(Records.records(0..<300), settings: Records.settings, to: path)
    let image = try PackedListsImageTests.segmentImage(inIndexAt: path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: image)))
    let array = try #require(PackedListsImageTests.heads(bytes).first { $0.hash == ImageWriter.hash(name) })
    try #require(array.length > 8)
    bytes[array.head + 24 + array.length / 3] ^= 0x10
    try Data(bytes).write(to: URL(fileURLWithPath: image))
    return (path, image, array.head)
  }

  /// Expects `body` to throw the error of array `name`, naming the image.
  static func expectDamage(_ image: String, _ name: String, _ what: Comment, _ body: () throws -> Void) {
    do {
      try body()
      Issue.record("\(what): the damaged \(name) was not noticed")
    } catch {
      #expect("\(error)".contains("\(image) is damaged: \(name) at offset"), "\(what): \(error)")
    }
  }

  @Test("Damaged text postings: opening and browsing answer; a text search fails, then every search, write, commit")
  func damagedText() throws {
    let folder = try ScratchFolder()
    let (path, image, _) = try Self.damaged("text.postings.packed", in: folder)
    let before = try Data(contentsOf: URL(fileURLWithPath: image))
    let memory = try Fixture.index(Records.records(0..<300), settings: Records.settings)
    let durable = try DurableIndex(directory: path, name: "products")
    let index = durable.index
    // No text read: the filtered browse answers as in memory, and a record reads by its objectID.
    let browse = Fixture.query("", filters: "brand:Sony") {
      $0.facets = ["brand"]
      $0.hitsPerPage = 40
    }
    try Fixture.expectSameAnswer(browse, from: index, as: memory, "browse")
    #expect(try index.record(objectID: "r7", readBy: RecordReader())?["name"] == "item 7 thing")
    Self.expectDamage(image, "text.postings.packed", "text search") { _ = try index.search(Fixture.query("item")) }
    // Known now: every search fails, reading the text or not.
    Self.expectDamage(image, "text.postings.packed", "browse after") { _ = try index.search(browse) }
    let snapshot = try #require(index.view.soleSnapshot)
    #expect(snapshot.text !== snapshot.textPart.unverified, "reads get the emptied index, never the damaged one")
    #expect(snapshot.text.terms.count == snapshot.textPart.unverified.terms.count)
    Self.expectDamage(image, "text.postings.packed", "save") { try durable.saveRecords(Records.records(300..<301)) }
    Self.expectDamage(image, "text.postings.packed", "commit") { try durable.commit() }
    #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before, "the image is left as it was")
  }

  @Test("Damaged objectIDs: searches answer; reads by objectID, writes and commits fail")
  func damagedObjectIDs() throws {
    let folder = try ScratchFolder()
    let (path, image, _) = try Self.damaged("objectIDs.hashes", in: folder)
    let memory = try Fixture.index(Records.records(0..<300), settings: Records.settings)
    let durable = try DurableIndex(directory: path, name: "products")
    let index = durable.index
    for text in ["", "item", "thing 12"] {
      try Fixture.expectSameAnswer(Fixture.query(text) { $0.facets = ["brand"] }, from: index, as: memory, text)
    }
    Self.expectDamage(image, "objectIDs.hashes", "record read") {
      _ = try index.record(objectID: "r1", readBy: RecordReader())
    }
    #expect(index.record(objectID: "r1") == nil)
    Self.expectDamage(image, "objectIDs.hashes", "partial update") {
      try durable.partialUpdate(objectID: "r1", attributes: ["brand": "Bose"])
    }
    Self.expectDamage(image, "objectIDs.hashes", "commit") { try durable.commit() }
  }

  /// Writes `count` records into an index directory, rewrites its array `name` with `edit` (its checksum
  /// made to match), opens it and browses (no text read: it answers, `browsed` hits), then expects the first
  /// text search to fail with an error holding `reason(head)` — `head`: where the array's head is. Gives
  /// the array's head and length.
  @discardableResult
  static func expectTextSearchFails(
    records count: Int, browsed: Int, rewriting name: String, _ edit: (inout [UInt8], Int) -> Void,
    reason: (Int) -> String
  ) throws -> (head: Int, length: Int) {
    let folder = try ScratchFolder()
    let path = folder.file("index")
    try RecordElisionTests.write(Records.records(0..<count), settings: Records.settings, to: path)
    let array = try PackedListsImageTests.rewrite(array: name, inIndexAt: path, edit)
    let durable = try DurableIndex(directory: path, name: "products")
    #expect(try durable.index.search(Fixture.query("", filters: "brand:Acme")).nbHits == browsed)
    do {
      _ = try durable.index.search(Fixture.query("thing"))
      Issue.record("the damaged \(name) was read")
    } catch {
      #expect("\(error)".contains(reason(array.head)), "\(error)")
    }
    return array
  }

  @Test("Text postings whose checksum matches but whose blocks do not hold together fail the first text search")
  func damagedStructure() throws {
    try Self.expectTextSearchFails(
      records: 300, browsed: 150, rewriting: "text.postings.packed", { bytes, payload in bytes[payload] = 40 },
      reason: { "text.postings.packed at offset \($0) does not hold together" })
  }

  @Test("Text bitsets whose keys fall, checksum matching: opening and browsing answer; a text search fails")
  func damagedDenseKeys() throws {
    // "item" and "thing" are in every record: two dense terms (bitsets, two keys) at 5,000 records.
    let keys = try Self.expectTextSearchFails(
      records: 5_000, browsed: 2_500, rewriting: "text.dense.keys",
      { bytes, payload in
        for index in 0..<4 { bytes.swapAt(payload + index, payload + 4 + index) }
      }, reason: { _ in "the dense sets text.dense do not hold together" })
    #expect(keys.length == 8, "the keys of two bitsets, swapped")
  }

  @Test("Sound parts: verified once by whichever reads first, then read as stored", arguments: [false, true])
  func sound(waitsFirst: Bool) throws {
    let folder = try ScratchFolder()
    let path = folder.file("index")
    try RecordElisionTests.write(Records.records(0..<300), settings: Records.settings, to: path)
    let memory = try Fixture.index(Records.records(0..<300), settings: Records.settings)
    let durable = try DurableIndex(directory: path, name: "products")
    let snapshot = try #require(durable.index.view.soleSnapshot)
    #expect(snapshot.textPart.verification != nil && snapshot.objectIDPart.verification != nil)
    if waitsFirst { #expect(durable.index.view.storageFailure() == nil) }
    for text in ["item", "thing 12", "itme"] {
      try Fixture.expectSameAnswer(Fixture.query(text) { $0.facets = ["brand"] }, from: durable.index, as: memory, text)
    }
    #expect(durable.index.record(objectID: "r42")?["name"] == "item 42 thing")
    #expect(snapshot.textPart.verification?.passed == true && snapshot.readFailure() == nil)
    #expect(snapshot.text === snapshot.textPart.unverified, "the stored index, not a substitute")
  }
}
