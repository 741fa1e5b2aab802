import Foundation
import InstantSearchModel

#if canImport(Glibc)
  import Glibc
#endif

extension LocalIndex {
  /// Progress of a load.
  public struct LoadProgress: Sendable {
    /// Records read so far.
    public let records: Int
    /// Bytes read so far.
    public let bytesRead: Int
    /// The size of the input, when known.
    public let totalBytes: Int?
  }

  /// Loads a JSON-lines file (one record object a line), streaming it in chunks.
  ///
  /// Records are added after the existing ones; a record whose `objectID` exists replaces it. On a
  /// malformed line the load stops with ``EngineError/invalidRecord(line:reason:)`` naming the line; the
  /// records read before it are kept, and nothing loaded earlier is lost.
  public func loadJSONLines(
    contentsOf url: URL, progress: (@Sendable (LoadProgress) -> Void)? = nil
  ) throws(EngineError) {
    let file = try LineReader.open(url)
    let total = try LineReader.size(of: file, at: url)
    defer { Self.releaseFreedMemory() }
    try exclusively { () throws(EngineError) in
      let base = snapshot
      if base.recordCount == 0 {
        try loadJSONLinesPipelined(contentsOf: url, base: base, total: total, progress: progress)
        return
      }
      var loader = Loader(index: self, base: base)
      var line = 0
      var failure: EngineError?
      var readFailure: EngineError?
      do throws(EngineError) {
        try LineReader.forEachLine(of: file) { bytesRead in
          progress?(LoadProgress(records: loader.count, bytesRead: bytesRead, totalBytes: total))
        } _: { bytes in
          line += 1
          failure = loader.addLine(bytes, line: line)
          return failure == nil
        }
      } catch {
        readFailure = error
      }
      publish(loader.finish())
      if let failure = failure ?? readFailure { throw failure }
    }
  }

  /// Gives the memory freed by a load's temporary buffers back to the system (glibc keeps freed heap
  /// memory otherwise, and the resident size stays at the load's peak).
  static func releaseFreedMemory() {
    #if canImport(Glibc)
      // `malloc_trim` is glibc's; it is looked up at run time because the Glibc module does not export it.
      typealias Trim = @convention(c) (Int) -> Int32
      if let symbol = dlsym(nil, "malloc_trim") {
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
      }
    #endif
  }

  /// Loads a JSON array of record objects (or JSON lines) from memory.
  public func loadJSON(_ data: Data) throws(EngineError) {
    try exclusively { () throws(EngineError) in
      var loader = Loader(index: self, base: snapshot)
      var failure: EngineError?
      data.withUnsafeBytes { raw in
        let bytes = raw.bindMemory(to: UInt8.self)
        var position = 0
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
        guard position < bytes.count else { return }
        if bytes[position] == UInt8(ascii: "[") {
          position += 1
          failure = loader.addArrayElements(bytes, position: &position)
        } else {
          var start = 0
          var line = 0
          while failure == nil, start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            line += 1
            failure = loader.addLine(UnsafeBufferPointer(rebasing: bytes[start..<end]), line: line)
            start = end + 1
          }
        }
      }
      publish(loader.finish())
      if let failure { throw failure }
    }
  }
}

/// Packs records into a snapshot builder on top of an existing snapshot.
struct Loader {
  private var packer: JSONPacker
  private var fresh: [[UInt8]] = []
  private var builder: SnapshotBuilder
  private let base: IndexSnapshot
  private let appendsDirectly: Bool

  init(index: LocalIndex, base: IndexSnapshot) {
    self.base = base
    builder = SnapshotBuilder(name: index.name, settings: base.settings, codec: base.codec)
    packer = JSONPacker(codec: builder.codec)
    appendsDirectly = base.recordCount == 0
  }

  var count: Int { appendsDirectly ? builder.recordCount : fresh.count }

  /// Adds one line; blank lines are skipped. Returns the error of a malformed line.
  mutating func addLine(_ bytes: UnsafeBufferPointer<UInt8>, line: Int) -> EngineError? {
    guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { return nil }
    var position = 0
    do {
      let packed = try packer.packRecord(bytes, position: &position)
      while position < bytes.count, [0x20, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
      guard position == bytes.count else {
        return .invalidRecord(line: line, reason: "unexpected text after the record at column \(position + 1)")
      }
      add(packed)
      return nil
    } catch {
      return .invalidRecord(line: line, reason: "\(error.message) at column \(error.offset + 1)")
    }
  }

  /// Adds the elements of a JSON array whose `[` was consumed.
  mutating func addArrayElements(_ bytes: UnsafeBufferPointer<UInt8>, position: inout Int) -> EngineError? {
    func skip() { while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 } }
    func lineAt(_ offset: Int) -> Int { bytes[0..<min(offset, bytes.count)].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } }
    skip()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") { return nil }
    while true {
      do {
        add(try packer.packRecord(bytes, position: &position))
      } catch {
        return .invalidRecord(line: lineAt(error.offset), reason: error.message)
      }
      skip()
      guard position < bytes.count else { return .invalidRecord(line: lineAt(position), reason: "unterminated array") }
      if bytes[position] == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if bytes[position] == UInt8(ascii: "]") { return nil }
      return .invalidRecord(line: lineAt(position), reason: "expected ',' or ']'")
    }
  }

  private mutating func add(_ packed: [UInt8]) {
    if appendsDirectly {
      // The codec moves between the packer and the builder rather than being shared, so that interning a
      // new token never copies the dictionary.
      swap(&builder.codec, &packer.codec)
      builder.add(packed: packed)
      swap(&builder.codec, &packer.codec)
    } else {
      fresh.append(packed)
    }
  }

  /// The snapshot with the loaded records; a later record with an existing `objectID` replaces it.
  mutating func finish() -> IndexSnapshot {
    builder.codec = packer.codec
    if appendsDirectly { return builder.deduplicated() }
    builder.inheritVerification(from: base.store)
    for doc in 0..<base.recordCount { base.withRecord(doc) { builder.add(packed: $0) } }
    for packed in fresh { builder.add(packed: packed) }
    return builder.deduplicated()
  }
}
