import Foundation
import InstantSearchModel

extension PipelinedLoader {
  /// The packing thread's state, a value of its own: its methods' accesses are checked when compiled
  /// (locals captured by nested functions in the thread's closure were boxed, each access checked at run
  /// time: about 2 % of the packing thread at a million records).
  struct PackingRun {
    var packer: JSONPacker
    let handoff: Handoff
    /// What the builder has: anything the packer adds (from its first record on) is published to it.
    var publishedKeys: Int
    var publishedTokens: Int
    var batch = Batch()
    var line = 0
    var bytesRead = 0
    var bytesPacked = 0

    init(codec: PackedCodec, handoff: Handoff) {
      packer = JSONPacker(codec: codec)
      self.handoff = handoff
      publishedKeys = codec.keys.count
      publishedTokens = codec.dictionary.termOfToken.count
    }

    mutating func pack(_ url: URL) {
      do throws(EngineError) {
        let file = try LineReader.open(url)
        var read = 0
        let line = { (bytes: UnsafeBufferPointer<UInt8>) -> Bool in
          bytesRead = read
          return add(bytes)
        }
        try LineReader.forEachLine(of: file, chunkRead: { read = $0 }, line)
        bytesRead = read
      } catch {
        batch.failure = error
      }
      publish(final: true)
    }

    mutating func publish(final: Bool) {
      let keys = packer.codec.keys
      batch.newKeyNames = (publishedKeys..<keys.count).map { keys.string(UInt32($0)) }
      publishedKeys = keys.count
      let terms = packer.codec.dictionary.termOfToken
      batch.newTokenTerms = Array(terms[publishedTokens...])
      publishedTokens = terms.count
      batch.bytesRead = bytesRead
      batch.bytesPacked = bytesPacked
      if final { batch.finalCodec = packer.codec }
      handoff.put(batch)
      batch = Batch()
      batch.packed = handoff.emptyPacked()
    }

    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
      line += 1
      bytesPacked += bytes.count + 1
      guard bytes.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { return true }
      var position = 0
      let start = batch.packed.count
      do {
        try packer.packRecord(bytes, position: &position, appendingTo: &batch.packed)
        while position < bytes.count, [0x20, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
        guard position == bytes.count else {
          batch.packed.removeSubrange(start...)
          batch.failure = .invalidRecord(
            line: line, reason: "unexpected text after the record at column \(position + 1)")
          return false
        }
        batch.ends.append(batch.packed.count)
        if batch.ends.count == 4096 { publish(final: false) }
        return true
      } catch {
        batch.failure = .invalidRecord(line: line, reason: "\(error.message) at column \(error.offset + 1)")
        return false
      }
    }
  }
}
