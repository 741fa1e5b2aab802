import Foundation
import InstantSearchEngine
import Testing

@Suite("LineFile: an append-only file of whole lines")
struct LineFileTests {
  @Test("Appended lines read back in order; a last line cut short is dropped and reported; a newline is refused")
  func appendAndRead() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID())").path
    defer {
      do { try FileManager.default.removeItem(atPath: path) } catch { print("left behind: \(error)") }
    }
    #expect(try LineFile.lines(path).lines.isEmpty)
    try LineFile.append([Array("one".utf8), Array("two".utf8)], to: path)
    try LineFile.append([Array("three".utf8)], to: path, durability: .process)
    var read = try LineFile.lines(path)
    #expect(read.lines.map { String(decoding: $0, as: UTF8.self) } == ["one", "two", "three"])
    #expect(read.droppedTailBytes == 0)
    // A crash in the middle of an append: the torn line was never acknowledged.
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data("fou".utf8))
    try handle.close()
    read = try LineFile.lines(path)
    #expect(read.lines.count == 3 && read.droppedTailBytes == 3)
    #expect(throws: DurableError.self) { try LineFile.append([Array("a\nb".utf8)], to: path) }
    // Its writer cuts the torn line off before appending again: the next line stands on its own.
    #expect(try LineFile.cutTornTail(path) == 3)
    #expect(try LineFile.cutTornTail(path) == 0)
    try LineFile.append([Array("four".utf8)], to: path)
    read = try LineFile.lines(path)
    #expect(read.lines.map { String(decoding: $0, as: UTF8.self) } == ["one", "two", "three", "four"])
  }
}
