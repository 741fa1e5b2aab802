import Foundation
import InstantSearchCore
import InstantSearchModel
import Testing

@testable import InstantSearchEngine

/// The records of a segment image are verified after it opens (``DeferredVerification``), before anything
/// reads them: a search, a browse, a record read, a write or a commit that needs them waits for the
/// verification, and fails when their checksum does not match — never a wrong answer, an empty record or
/// a changed file. Whichever thread verifies, the outcome is the same.
@Suite("Segment images: records verified after opening, before any read")
struct DeferredVerificationTests {
  static let settings: [String: JSON] = ["searchableAttributes": ["name"], "attributesForFaceting": ["brand"]]

  static func records(_ range: Range<Int>) -> [[String: JSON]] {
    range.map { number in
      [
        "objectID": .string("r\(number)"), "name": .string("item \(number) thing"),
        "brand": .string(["Sony", "Acme"][number % 2]), "price": .number(Double(number)),
      ]
    }
  }

  /// An index directory of 300 records in one committed segment, whose records' bytes have one bit
  /// flipped when `damaged`; returns its path and the segment image's.
  static func directory(in folder: ScratchFolder, damaged: Bool) throws -> (path: String, image: String) {
    let path = folder.file("index")
    try RecordElisionTests.write(Self.records(0..<300), settings: Self.settings, to: path)
    let image = try PackedListsImageTests.segmentImage(inIndexAt: path)
    if damaged {
      var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: image)))
      let arena = try #require(PackedListsImageTests.heads(bytes).first { $0.hash == ImageWriter.hash("store.arena") })
      bytes[arena.head + 24 + arena.length / 3] ^= 0x10
      try Data(bytes).write(to: URL(fileURLWithPath: image))
    }
    return (path, image)
  }

  /// Expects `body` to throw the damaged records' error, naming the image and the array.
  static func expectDamage(_ image: String, _ what: Comment, _ body: () throws -> Void) {
    do {
      try body()
      Issue.record("\(what): damaged records were read")
    } catch {
      #expect("\(error)".contains("\(image) is damaged: store.arena at offset"), "\(what): \(error)")
      #expect("\(error)".contains("fails its checksum"), "\(what): \(error)")
    }
  }

  @Test("Damaged records: opening succeeds; every search, read, write and commit that needs them fails")
  func damaged() throws {
    let folder = try ScratchFolder()
    let (path, image) = try Self.directory(in: folder, damaged: true)
    let before = try Data(contentsOf: URL(fileURLWithPath: image))
    let durable = try DurableIndex(directory: path, name: "products")
    let index = durable.index
    Self.expectDamage(image, "search") { _ = try index.search(Fixture.query("item")) }
    Self.expectDamage(image, "empty query") { _ = try index.search(Fixture.query("")) }
    Self.expectDamage(image, "browse") { _ = try index.browse(Fixture.query(""), offset: 0, count: 10) }
    Self.expectDamage(image, "record read") { _ = try index.record(objectID: "r1", readBy: RecordReader()) }
    #expect(index.record(objectID: "r1") == nil, "never an empty record")
    // Read below the entry points, the damaged bytes are never handed out.
    let store = try #require(index.view.segments.first?.snapshot.store)
    #expect(store.withRecord(0) { Array($0) } == RecordStore.unreadable)
    Self.expectDamage(image, "save") { try durable.saveRecords(Self.records(300..<301)) }
    Self.expectDamage(image, "partial update") {
      try durable.partialUpdate(objectID: "r1", attributes: ["brand": "Bose"])
    }
    Self.expectDamage(image, "delete") { try durable.deleteRecords(objectIDs: ["r2"]) }
    Self.expectDamage(image, "commit") { try durable.commit() }
    // Records copied from them (a merge) stay unreadable.
    let view = index.view
    index.merge(Array(view.segments.indices), of: view)
    Self.expectDamage(image, "search after a merge") { _ = try index.search(Fixture.query("item")) }
    Self.expectDamage(image, "commit after a merge") { try durable.commit() }
    Self.expectDamage(image, "read-only open") {
      _ = try DurableIndex.readOnly(directory: path, name: "products").search(Fixture.query("thing"))
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: image)) == before, "the image is left as it was")
  }

  @Test("A damaged block of records fails the records in it; searches answer until damage is read, writes fail")
  func damagedBlock() throws {
    let folder = try ScratchFolder()
    let path = folder.file("index")
    try RecordElisionTests.write(Self.records(0..<8_000), settings: Self.settings, to: path)
    let image = try PackedListsImageTests.segmentImage(inIndexAt: path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: image)))
    let arena = try #require(PackedListsImageTests.heads(bytes).first { $0.hash == ImageWriter.hash("store.arena") })
    let size = RecordBlocks.byteCount
    try #require(arena.length > 4 * size, "records over several blocks")
    let damagedAt = arena.length * 2 / 3
    bytes[arena.head + 24 + damagedAt] ^= 0x10
    try Data(bytes).write(to: URL(fileURLWithPath: image))
    let durable = try DurableIndex(directory: path, name: "products")
    let index = durable.index
    let store = try #require(index.view.segments.first?.snapshot.store)
    // Reported in the storage table beside the records.
    #expect(index.storageStatistics["record block checksums"] == RecordBlocks.count(forLength: arena.length) * 4)
    let block = damagedAt / size
    let inBlock = store.withParts { _, offsets in
      (0..<8_000).filter { doc in
        Int(offsets[doc]) / size <= block && block <= (Int(offsets[doc + 1]) - 1) / size
      }
    }
    try #require(!inBlock.isEmpty && inBlock.count < 2_000)
    let sound = [0, 1, 7_999].filter { !inBlock.contains($0) }
    // Before any read of the damaged block, whether the whole arena's verification is done or not: sound
    // records read as stored, and a search whose hits are sound answers.
    for doc in sound { #expect(store.withRecord(doc) { Array($0) } != RecordStore.unreadable, "\(doc)") }
    let response = try index.search(Fixture.query("", filters: "objectID:r\(sound[0]) OR objectID:r\(sound[1])"))
    #expect(Set(Fixture.ids(response)) == ["r\(sound[0])", "r\(sound[1])"])
    // The damaged block's records never read as stored; a search that reads one fails, and so does every
    // search after (the damage is known).
    Self.expectDamage(image, "search of a damaged record") {
      _ = try index.search(Fixture.query("", filters: "objectID:r\(inBlock[0])"))
    }
    for doc in inBlock { #expect(store.withRecord(doc) { Array($0) } == RecordStore.unreadable) }
    Self.expectDamage(image, "search after") { _ = try index.search(Fixture.query("item")) }
    // Writes and commits wait for the whole arena's verification, which fails.
    Self.expectDamage(image, "save") { try durable.saveRecords(Self.records(8_000..<8_001)) }
    Self.expectDamage(image, "commit") { try durable.commit() }
    #expect(index.view.storageFailure() != nil)
    #expect(store.withRecord(sound[0]) { Array($0) } != RecordStore.unreadable, "a sound block stays readable")
  }

  @Test("Sound records: the first search after opening answers as the index in memory", arguments: [false, true])
  func sound(waitsFirst: Bool) throws {
    let folder = try ScratchFolder()
    let (path, _) = try Self.directory(in: folder, damaged: false)
    let memory = try Fixture.index(Self.records(0..<300), settings: Self.settings)
    let durable = try DurableIndex(directory: path, name: "products")
    // Either the search verifies the records itself or finds them verified: the same answer.
    if waitsFirst { #expect(durable.index.view.storageFailure() == nil) }
    let store = try #require(durable.index.view.segments.first?.snapshot.store)
    #expect(store.withRecord(0) { Array($0) } != RecordStore.unreadable)
    for text in ["", "item", "thing 12"] {
      let query = Fixture.query(text) {
        $0.facets = ["brand"]
        $0.hitsPerPage = 50
      }
      try Fixture.expectSameAnswer(query, from: durable.index, as: memory, text)
    }
    try durable.partialUpdate(objectID: "r1", attributes: ["brand": "Bose"])
    try durable.commit()
    #expect(durable.index.record(objectID: "r1")?["brand"] == "Bose")
    #expect(durable.index.record(objectID: "r2")?["name"] == "item 2 thing")
  }

  @Test("Readers at once, on other threads, all see the one verification's outcome", arguments: [false, true])
  func concurrentReaders(damaged: Bool) throws {
    let folder = try ScratchFolder()
    let (path, _) = try Self.directory(in: folder, damaged: damaged)
    let index = try DurableIndex.readOnly(directory: path, name: "products")
    let outcomes = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      let failure = index.view.storageFailure()
      outcomes.withLock { $0.append(failure.map { "\($0)" } ?? "sound") }
    }
    let seen = outcomes.withLock { $0 }
    #expect(seen.count == 8 && Set(seen).count == 1, "\(seen)")
    #expect((seen.first == "sound") == !damaged, "\(seen)")
  }

  @Test("A damaged log replayed over damaged records fails at open, changing nothing")
  func replay() throws {
    let folder = try ScratchFolder()
    let path = folder.file("index")
    try RecordElisionTests.write(Self.records(0..<300), settings: Self.settings, to: path)
    do {
      let durable = try DurableIndex(directory: path, name: "products")
      try durable.partialUpdate(objectID: "r1", attributes: ["brand": "Bose"])
    }
    let image = try PackedListsImageTests.segmentImage(inIndexAt: path)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: image)))
    let arena = try #require(PackedListsImageTests.heads(bytes).first { $0.hash == ImageWriter.hash("store.arena") })
    bytes[arena.head + 24] ^= 0x01
    try Data(bytes).write(to: URL(fileURLWithPath: image))
    let files = try FileManager.default.contentsOfDirectory(atPath: path).sorted()
    Self.expectDamage(image, "open with a log to replay") { _ = try DurableIndex(directory: path, name: "products") }
    #expect(try FileManager.default.contentsOfDirectory(atPath: path).sorted() == files)
  }
}
