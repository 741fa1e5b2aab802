import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// A log that lost acknowledged writes — deleted, emptied, cut short anywhere the manifest's record of its
/// size covers, or damaged — is an error, never a quiet rollback; recovery keeps what is left and says
/// what it dropped (issue 35).
@Suite("Durable index: logs that lost acknowledged writes")
struct DurableLogLossTests {
  /// Five committed records, then 1,000 acknowledged single-record writes in `log-1.wal`.
  static func directoryWithLoggedWrites() throws -> ScratchFolder {
    let folder = try ScratchFolder()
    let durable = try DurableIndex(directory: folder.path, name: "products")
    try durable.saveRecords(DurableSafetyTests.records(0..<5))
    try durable.commit()
    for record in DurableSafetyTests.records(5..<1_005) { try durable.saveRecords([record]) }
    return folder
  }

  /// The ways a log can lose writes, each applied to the log's bytes (`nil`: the file is deleted).
  static let damages: [(name: String, apply: @Sendable ([UInt8]) -> [UInt8]?)] = [
    ("deleted", { _ in nil }),
    ("emptied", { _ in [] }),
    ("cut inside its header", { Array($0.prefix(4)) }),
    ("cut to its header", { Array($0.prefix(WriteAheadLog.header.count)) }),
    (
      "cut at a frame boundary halfway",
      { bytes in Array(bytes.prefix(frameBoundary(in: bytes, near: bytes.count / 2))) }
    ),
    (
      "cut inside a frame halfway",
      { bytes in Array(bytes.prefix(frameBoundary(in: bytes, near: bytes.count / 2) + 5)) }
    ),
    (
      "a flipped bit halfway",
      { bytes in
        var damaged = bytes
        damaged[bytes.count / 2] ^= 0x10
        return damaged
      }
    ),
    (
      "zeros halfway",
      { bytes in
        var damaged = bytes
        for offset in bytes.count / 2..<(bytes.count / 2 + 40) { damaged[offset] = 0 }
        return damaged
      }
    ),
  ]

  /// The offset of the first frame boundary at or after `target`.
  static func frameBoundary(in bytes: [UInt8], near target: Int) -> Int {
    var offset = WriteAheadLog.header.count
    while offset < target, offset + WriteAheadLog.frameHeaderSize <= bytes.count {
      let length =
        Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16
        | Int(bytes[offset + 3]) << 24
      offset += WriteAheadLog.frameHeaderSize + length
    }
    return offset
  }

  static func damage(_ folder: ScratchFolder, with apply: ([UInt8]) -> [UInt8]?) throws {
    let url = URL(fileURLWithPath: folder.file("log-1.wal"))
    let bytes = [UInt8](try Data(contentsOf: url))
    if let damaged = apply(bytes) {
      try Data(damaged).write(to: url)
    } else {
      try FileManager.default.removeItem(at: url)
    }
  }

  @Test("Each damage is an error naming the log, and opening again still refuses: nothing was made permanent")
  func damageIsAnError() throws {
    for (name, apply) in Self.damages {
      let folder = try Self.directoryWithLoggedWrites()
      try Self.damage(folder, with: apply)
      for attempt in 1...2 {
        var message = ""
        do {
          _ = try DurableIndex(directory: folder.path, name: "products")
        } catch {
          message = error.description
        }
        #expect(message.contains("log-1.wal is damaged"), "\(name), open \(attempt): \(message)")
        #expect(message.contains("recover"), "\(name): the error says how to go on: \(message)")
      }
      #expect(throws: DurableError.self, "\(name): a reader refuses too") {
        try DurableIndex.readOnly(directory: folder.path, name: "products")
      }
    }
  }

  @Test("Recovery keeps the writes left, says what it dropped, and the next plain open is clean")
  func recovery() throws {
    for (name, apply) in Self.damages {
      let folder = try Self.directoryWithLoggedWrites()
      try Self.damage(folder, with: apply)
      let recovered = try DurableIndex(directory: folder.path, name: "products", recover: true)
      let count = recovered.index.recordCount
      #expect(recovered.recoveryReport.count == 1, "\(name): \(recovered.recoveryReport)")
      #expect(recovered.recoveryReport.first?.hasPrefix("log-1.wal: ") == true, "\(name)")
      #expect((5..<1_005).contains(count), "\(name): \(count) records")
      // The records left are the oldest ones: a prefix of the history, never a hole.
      for id in 0..<count { #expect(recovered.index.record(objectID: "\(id)") != nil, "\(name): record \(id)") }
      try recovered.saveRecords(DurableSafetyTests.records(2_000..<2_001))
      let reopened = try DurableIndex(directory: folder.path, name: "products")
      #expect(reopened.recoveryReport.isEmpty)
      #expect(reopened.index.recordCount == count + 1, "\(name)")
    }
  }

  @Test("The manifest records the log's size as writes go: every 64 appends at most")
  func checkpoints() throws {
    let folder = try ScratchFolder()
    let durable = try DurableIndex(directory: folder.path, name: "products")
    for record in DurableSafetyTests.records(0..<200) { try durable.saveRecords([record]) }
    let manifestPath = folder.file(IndexManifest.fileName)
    let manifest = try IndexManifest(
      bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: manifestPath))), path: manifestPath)
    let logSize = try PosixFile.size(folder.file("log-0.wal"))
    let recorded = manifest.minimumBytes(ofLog: "log-0.wal")
    #expect(recorded > WriteAheadLog.header.count)
    #expect(recorded <= logSize)
    // At most 63 appends are not covered by the record: fewer than 64 frames' bytes.
    #expect(logSize - recorded < 64 * (logSize / 200 + 1))
    // A commit's rotation records the finished log whole, and the manifest names only what it keeps.
    try durable.commit()
    let committed = try IndexManifest(
      bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: manifestPath))), path: manifestPath)
    #expect(committed.logs == ["log-1.wal"])
    #expect(committed.logBytes["log-0.wal"] == nil)
  }
}
