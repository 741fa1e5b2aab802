import Foundation
import Testing

@testable import InstantSearchEngine

/// A scratch folder removed when the test ends.
final class ScratchFolder {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("durable-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  deinit {
    do { try FileManager.default.removeItem(atPath: path) } catch { print("scratch folder left behind: \(error)") }
  }

  func file(_ name: String) -> String { path + "/" + name }
}

@Suite("Write-ahead log")
struct WriteAheadLogTests {
  let payloads: [[UInt8]] = [Array("first".utf8), [], Array(repeating: 7, count: 300), Array("last write".utf8)]

  @Test("CRC-32C matches the standard check value, and numbers are little-endian on every machine")
  func primitives() throws {
    #expect(CRC32C.checksum(Array("123456789".utf8)) == 0xE306_9283)
    #expect(CRC32C.checksum(Array("6789".utf8), seed: CRC32C.checksum(Array("12345".utf8))) == 0xE306_9283)
    var generator = SystemRandomNumberGenerator()
    for length in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1_000, 4_099] {
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      let seed = UInt32.random(in: 0...UInt32.max, using: &generator)
      #expect(CRC32C.checksum(bytes, seed: seed) == CRC32C.checksumBytewise(bytes, seed: seed), "length \(length)")
      #expect(CRC32C.checksum(bytes[(bytes.count / 3)...]) == CRC32C.checksumBytewise(bytes[(bytes.count / 3)...]))
      let tables = bytes.withUnsafeBytes { CRC32C.checksumWithTables($0, seed: seed) }
      #expect(tables == CRC32C.checksumBytewise(bytes, seed: seed), "tables, length \(length)")
    }
    var writer = LittleEndianWriter()
    writer.append(UInt32(0x0102_0304))
    writer.append(UInt64(0x0A0B_0C0D_0E0F_1011))
    #expect(writer.bytes == [4, 3, 2, 1, 0x11, 0x10, 0x0F, 0x0E, 0x0D, 0x0C, 0x0B, 0x0A])
    var reader = LittleEndianReader(writer.bytes, path: "x")
    #expect(try reader.uint32("a") == 0x0102_0304)
    #expect(try reader.uint64("b") == 0x0A0B_0C0D_0E0F_1011)
    #expect(throws: DurableError.corrupt(path: "x", reason: "c at offset 12 needs 4 bytes, 0 are left")) {
      try reader.uint32("c")
    }
  }

  @Test("CRC-32C over long inputs (three streams joined block by block) matches the tables and the definition")
  func longChecksums() {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<1_000_003).map { _ in UInt8.random(in: 0...255, using: &generator) }
    for length in [3_071, 3_072, 3_073, 3_080, 6_144 + 5, 9_216 * 3 + 7, 50_000, 1_000_000] {
      for start in [0, 1, 3] {
        let part = bytes[start..<(start + length)]
        let seed = UInt32.random(in: 0...UInt32.max, using: &generator)
        let expected = part.withUnsafeBytes { CRC32C.checksumWithTables($0, seed: seed) }
        #expect(CRC32C.checksum(part, seed: seed) == expected, "length \(length) from \(start)")
        if length < 10_000 {
          #expect(expected == CRC32C.checksumBytewise(part, seed: seed), "definition, length \(length)")
        }
      }
    }
  }

  @Test("Frames appended come back in order after reopening; appending goes on after them")
  func roundTrip() throws {
    let folder = try ScratchFolder()
    let path = folder.file("log")
    do {
      let (log, replayed) = try WriteAheadLog.open(path, durability: .full)
      #expect(replayed.isEmpty)
      try log.append(Array(payloads.prefix(2)))
      try log.append(Array(payloads.dropFirst(2)))
    }
    let (log, replayed) = try WriteAheadLog.open(path, durability: .process)
    #expect(replayed == payloads)
    try log.append([Array("more".utf8)])
    #expect(try WriteAheadLog.open(path, durability: .process).1 == payloads + [Array("more".utf8)])
    try log.reset()
    #expect(try WriteAheadLog.open(path, durability: .process).1.isEmpty)
  }

  @Test("Cut at every byte (a process killed mid-write): the complete frames come back, never an error")
  func tornTails() throws {
    let folder = try ScratchFolder()
    let path = folder.file("log")
    try WriteAheadLog.open(path, durability: .process).0.append(payloads)
    let bytes = try #require(try PosixFile.read(path))
    var frameEnds: [Int] = []
    var end = WriteAheadLog.header.count
    for payload in payloads {
      end += WriteAheadLog.frameHeaderSize + payload.count
      frameEnds.append(end)
    }
    for cut in WriteAheadLog.header.count...bytes.count {
      let (replayed, valid, _) = try WriteAheadLog.replay(Array(bytes.prefix(cut)), path: path)
      let complete = frameEnds.filter { $0 <= cut }.count
      #expect(replayed == Array(payloads.prefix(complete)), "cut at \(cut)")
      #expect(valid == (frameEnds.last { $0 <= cut } ?? WriteAheadLog.header.count), "cut at \(cut)")
    }
    // Reopening a torn log cuts the tail off, and the next write lands after the last complete frame.
    let cut = frameEnds[1] + 5
    try Data(bytes.prefix(cut)).write(to: URL(fileURLWithPath: path))
    let (log, replayed) = try WriteAheadLog.open(path, durability: .process)
    #expect(replayed == Array(payloads.prefix(2)))
    try log.append([Array("after".utf8)])
    #expect(try WriteAheadLog.open(path, durability: .process).1 == Array(payloads.prefix(2)) + [Array("after".utf8)])
    // A zero-filled tail (a power loss after the file grew) ends the log too.
    let zeros = Array(bytes.prefix(frameEnds[0])) + Array(repeating: 0, count: 40)
    #expect(try WriteAheadLog.replay(zeros, path: path).payloads == [payloads[0]])
  }

  @Test("A flipped bit anywhere is a clear error naming the file — never silently dropped writes")
  func bitFlips() throws {
    let folder = try ScratchFolder()
    let path = folder.file("log")
    try WriteAheadLog.open(path, durability: .process).0.append(payloads)
    let bytes = try #require(try PosixFile.read(path))
    for position in bytes.indices {
      for bit in [0, 5] {
        var damaged = bytes
        damaged[position] ^= 1 << bit
        do {
          let (replayed, _, _) = try WriteAheadLog.replay(damaged, path: path)
          Issue.record("a flip at \(position) was not noticed: \(replayed.count) frames")
        } catch {
          #expect("\(error)".hasPrefix(path), "flip at \(position): \(error)")
        }
      }
    }
  }

  @Test("A foreign file or a newer version is refused with a clear message")
  func foreignFiles() throws {
    #expect(throws: DurableError.self) { try WriteAheadLog.replay(Array("{\"hello\": 1}".utf8), path: "p") }
    var newer = LittleEndianWriter()
    newer.append(contentsOf: WriteAheadLog.magic)
    newer.append(UInt32(2))
    #expect(throws: DurableError.unsupportedVersion(path: "p", found: 2, supported: 1)) {
      try WriteAheadLog.replay(newer.bytes, path: "p")
    }
  }
}
