import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// An index directory that no reader changes, no missing log empties, no stray entry makes unopenable,
/// and no failed commit wedges (issue 35).
@Suite("Durable index: readers, lost logs, failed commits")
struct DurableSafetyTests {
  static func records(_ range: Range<Int>) -> [[String: JSON]] {
    range.map { ["objectID": .string("\($0)"), "name": .string("item \($0)")] }
  }

  /// Every file's name and bytes (the lock file's included).
  static func contents(_ folder: ScratchFolder) throws -> [String: Data] {
    var contents: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
      contents[name] = try Data(contentsOf: URL(fileURLWithPath: folder.file(name)))
    }
    return contents
  }

  @Test("A read-only open sees every acknowledged write and changes nothing, while the writer holds the directory")
  func readOnly() throws {
    let folder = try ScratchFolder()
    let writer = try DurableIndex(directory: folder.path, name: "products")
    try writer.saveRecords(Self.records(0..<10))
    try writer.commit()
    try writer.saveRecords(Self.records(10..<15))
    // A stray file a crash could have left: a writer's open removes it, a reader's must not.
    #expect(FileManager.default.createFile(atPath: folder.file("segment-9-0.seg"), contents: Data([1])))
    // A torn last frame, as a writer killed mid-append leaves: a writer's open cuts it, a reader's must not.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("log-1.wal")))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([9, 0, 0]))
    try handle.close()
    let before = try Self.contents(folder)
    let reader = try DurableIndex.readOnly(directory: folder.path, name: "products")
    #expect(reader.recordCount == 15)
    #expect(try Self.contents(folder) == before)
    #expect(throws: DurableError.nameMismatch(path: folder.path, found: "products", expected: "other")) {
      try DurableIndex.readOnly(directory: folder.path, name: "other")
    }
    // Unnamed, it opens under the manifest's name, with the same records.
    let unnamed = try DurableIndex.readOnly(directory: folder.path)
    #expect(unnamed.name == "products")
    #expect(try unnamed.search(Query("item")).hits.map(\.objectID) == reader.search(Query("item")).hits.map(\.objectID))
    #expect(unnamed.recordCount == 15)
    #expect(try Self.contents(folder) == before)
    let empty = try ScratchFolder()
    #expect(
      throws: DurableError.corrupt(path: empty.file("manifest"), reason: "the directory holds no index (no manifest)")
    ) {
      try DurableIndex.readOnly(directory: empty.path)
    }
    withExtendedLifetime(writer) {}
  }

  @Test("A missing or emptied log the manifest names is an error, never a quiet rollback")
  func missingLog() throws {
    for damage in ["delete", "empty"] {
      let folder = try ScratchFolder()
      do {
        let durable = try DurableIndex(directory: folder.path, name: "products")
        try durable.saveRecords(Self.records(0..<5))
        try durable.commit()
        try durable.saveRecords(Self.records(5..<1_005))
      }
      let log = folder.file("log-1.wal")
      if damage == "delete" {
        try FileManager.default.removeItem(atPath: log)
      } else {
        try Data().write(to: URL(fileURLWithPath: log))
      }
      var message = ""
      do {
        _ = try DurableIndex(directory: folder.path, name: "products")
      } catch {
        message = error.description
      }
      #expect(message.contains("log-1.wal is damaged: the log the manifest names is"), "\(damage): \(message)")
      // Nothing was made permanent: the second open refuses the same way.
      #expect(throws: DurableError.self) { try DurableIndex(directory: folder.path, name: "products") }
    }
  }

  @Test("A torn last frame cut off at open is reported with its size")
  func tornTailReported() throws {
    let folder = try ScratchFolder()
    do {
      let durable = try DurableIndex(directory: folder.path, name: "products")
      #expect(durable.droppedTailBytes == 0)
      try durable.saveRecords(Self.records(0..<3))
    }
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder.file("log-0.wal")))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data([200, 0, 0, 0, 1]))
    try handle.close()
    let reopened = try DurableIndex(directory: folder.path, name: "products")
    #expect(reopened.droppedTailBytes == 5)
    #expect(reopened.index.recordCount == 3)
  }

  @Test("A directory named like a segment does not make the index unopenable")
  func strayDirectory() throws {
    let folder = try ScratchFolder()
    do {
      let durable = try DurableIndex(directory: folder.path, name: "products")
      try durable.saveRecords(Self.records(0..<3))
    }
    try FileManager.default.createDirectory(atPath: folder.file("segment-5"), withIntermediateDirectories: false)
    let reopened = try DurableIndex(directory: folder.path, name: "products")
    #expect(reopened.index.recordCount == 3)
    try reopened.commit()
    var isDirectory: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: folder.file("segment-5"), isDirectory: &isDirectory))
    #expect(isDirectory.boolValue)
  }

  @Test("A commit that rotated its log and then failed does not wedge the next one")
  func failedCommitThenCommit() throws {
    let folder = try ScratchFolder()
    do {
      let durable = try DurableIndex(directory: folder.path, name: "products")
      try durable.saveRecords(Self.records(0..<4))
      // What a commit that failed after rotating leaves: the manifest names the old log and the new one,
      // and the writes after it are in the new one.
      try durable.state.withLock { state throws(DurableError) in
        let (log, _) = try WriteAheadLog.open(folder.file("log-1.wal"), durability: .process)
        state.manifest.logs.append("log-1.wal")
        try PosixFile.replaceAtomically(
          folder.file(IndexManifest.fileName), with: state.manifest.bytes, durability: .process)
        state.log = log
      }
      try durable.saveRecords(Self.records(4..<8))
    }
    let reopened = try DurableIndex(directory: folder.path, name: "products")
    #expect(reopened.index.recordCount == 8)
    try reopened.commit()
    try reopened.saveRecords(Self.records(8..<9))
    try reopened.commit()
    #expect(try DurableIndex.readOnly(directory: folder.path, name: "products").recordCount == 9)
  }
}
