import Foundation
import InstantSearchEngine
import Testing

@Suite("DurableIndex.backup: a consistent copy of a directory its writer keeps using")
struct DurableBackupTests {
  /// The names and bytes of the files of `directory`, less the writer's lock.
  static func files(_ directory: String) throws -> [String: Data] {
    var files: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name != "writer.lock" {
      files[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
    }
    return files
  }

  @Test("Segments and the writes logged since are copied while the writer stays open; the source is unchanged")
  func copiesWhileOpen() throws {
    let folder = try ScratchFolder()
    let copy = try ScratchFolder()
    let settings = try DurableIndexTests.settings()
    let durable = try DurableIndex(directory: folder.path, name: "products", settings: settings, durability: .full)
    try durable.saveRecords(DurableIndexTests.records(0..<300))
    #expect(durable.commitStatistics.count == 0)
    try durable.commit()
    #expect(durable.commitStatistics.count == 1 && durable.commitStatistics.total == durable.commitStatistics.last)
    try durable.saveRecords(DurableIndexTests.records(300..<350))
    try durable.deleteRecords(objectIDs: ["5", "301"])
    let before = try Self.files(folder.path)
    let generation = try DurableIndex.backup(directory: folder.path, to: copy.path + "/products")
    #expect(generation >= 1)
    #expect(try Self.files(folder.path) == before, "a backup never changes the directory it reads")
    // The writer goes on; the copy opens as the index was when it was taken.
    try durable.saveRecords(DurableIndexTests.records(350..<360))
    let restored = try DurableIndex(directory: copy.path + "/products", name: "products")
    #expect(restored.index.recordCount == 348)
    let expected = try DurableIndex.readOnly(directory: folder.path, name: "products")
    #expect(expected.recordCount == 358)
    #expect(DurableIndexTests.content(restored.index).count == 348)
    #expect(DurableIndexTests.content(restored.index)["300"] == DurableIndexTests.content(durable.index)["300"])
  }

  @Test("Backups taken while a writer saves and commits each open as one of the states it went through")
  func whileCommitting() async throws {
    let folder = try ScratchFolder()
    let copies = try ScratchFolder()
    let durable = try DurableIndex(directory: folder.path, name: "products", settings: try DurableIndexTests.settings())
    // Ten batches of ten, each committed: fewer commits than a backup's attempts, so every backup ends.
    let writer = Task.detached {
      for batch in 0..<10 {
        try durable.saveRecords(DurableIndexTests.records(batch * 10..<batch * 10 + 10))
        try durable.commit()
      }
    }
    for copy in 0..<8 {
      let target = copies.path + "/\(copy)"
      try DurableIndex.backup(directory: folder.path, to: target)
      let count = try DurableIndex.readOnly(directory: target, name: "products").recordCount
      #expect(count % 10 == 0 && count <= 100, "copy \(copy) holds \(count) records")
    }
    try await writer.value
  }

  @Test("A second backup to the same place replaces the first; a directory without a manifest is refused")
  func againAndRefused() throws {
    let folder = try ScratchFolder()
    let copy = try ScratchFolder()
    let durable = try DurableIndex(directory: folder.path, name: "products", settings: try DurableIndexTests.settings())
    try durable.saveRecords(DurableIndexTests.records(0..<10))
    try DurableIndex.backup(directory: folder.path, to: copy.path + "/p")
    try durable.saveRecords(DurableIndexTests.records(10..<20))
    try durable.commit()
    try DurableIndex.backup(directory: folder.path, to: copy.path + "/p")
    #expect(try DurableIndex.readOnly(directory: copy.path + "/p", name: "products").recordCount == 20)
    #expect(throws: DurableError.self) { try DurableIndex.backup(directory: copy.path, to: copy.path + "/q") }
  }
}
