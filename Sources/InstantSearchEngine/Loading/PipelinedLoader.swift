import Dispatch
import Foundation
import InstantSearchModel

/// Loads a JSON-lines file on two cores: a background thread reads and packs records (parsing and
/// interning), while the calling thread indexes the packed records (columns, term counts). The packer
/// publishes the key names and token terms it adds with each batch, so the two never share mutable state.
struct PipelinedLoader {
  /// Records packed together and handed over at once.
  struct Batch: Sendable {
    var packed: [UInt8] = []
    var ends: [Int] = []
    var newKeyNames: [String] = []
    var newTokenTerms: [UInt32] = []
    var bytesRead = 0
    /// The bytes of the lines packed up to this batch's end (with their newlines).
    var bytesPacked = 0
    var failure: EngineError?
    var finalCodec: PackedCodec?
  }

  /// A bounded, blocking handoff between the two threads, which also hands the packed bytes of the batches
  /// indexed back to the packer: a batch packed into a fresh array grew it by doubling (copying what it
  /// held each time) and wrote pages new to the process, about 2 % of the packing thread at a million
  /// records, where one given back already has the room.
  final class Handoff: Sendable {
    private let batches = Locked<[Batch]>([])
    private let items = DispatchSemaphore(value: 0)
    private let slots = DispatchSemaphore(value: 4)
    /// Packed-bytes arrays given back, emptied by the packer when it takes one: at most ``sparesKept``.
    private let spares = Locked<[[UInt8]]>([])
    static let sparesKept = 2

    /// Gives back the packed bytes of a batch indexed, for the packer to fill again (dropped when
    /// ``sparesKept`` are waiting).
    func giveBack(_ packed: [UInt8]) {
      spares.withLock { spares in
        if spares.count < Self.sparesKept { spares.append(packed) }
      }
    }

    /// An empty array for a batch's packed bytes: one given back, with its room, else a new one.
    func emptyPacked() -> [UInt8] {
      var packed = spares.withLock { $0.popLast() } ?? []
      packed.removeAll(keepingCapacity: true)
      return packed
    }

    func put(_ batch: Batch) {
      slots.wait()
      batches.withLock { $0.append(batch) }
      items.signal()
    }

    func take() -> Batch {
      items.wait()
      let batch = batches.withLock { $0.removeFirst() }
      slots.signal()
      return batch
    }
  }

  /// Packs the lines of `url` on a background thread and sends batches to `handoff`; the last batch
  /// carries the final codec (and the failure, if a line is malformed).
  static func startPacking(url: URL, codec: PackedCodec, handoff: Handoff) {
    Thread.detachNewThread {
      var run = PackingRun(codec: codec, handoff: handoff)
      run.pack(url)
    }
  }

}

extension LocalIndex {
  /// Loads a JSON-lines file into an empty index with the two-thread pipeline.
  func loadJSONLinesPipelined(
    contentsOf url: URL, base: IndexSnapshot, total: Int?, progress: (@Sendable (LoadProgress) -> Void)?
  ) throws(EngineError) {
    var builder = SnapshotBuilder(name: name, settings: base.settings, codec: base.codec)
    var keyNames = (0..<builder.codec.keys.count).map { builder.codec.keys.string(UInt32($0)) }
    var termOfToken = builder.codec.dictionary.termOfToken
    let handoff = PipelinedLoader.Handoff()
    PipelinedLoader.startPacking(url: url, codec: builder.codec, handoff: handoff)
    var failure: EngineError?
    var reserved = false
    while true {
      var batch = handoff.take()
      keyNames.append(contentsOf: batch.newKeyNames)
      termOfToken.append(contentsOf: batch.newTokenTerms)
      builder.publishedKeyNames = keyNames
      builder.publishedTermOfToken = termOfToken
      batch.packed.withUnsafeBufferPointer { packed in
        var start = 0
        for end in batch.ends {
          builder.add(packed: UnsafeBufferPointer(rebasing: packed[start..<end]))
          start = end
        }
      }
      // The store has copied the records: their bytes go back to the packer for a later batch, held by
      // nothing here (the packer empties them in place).
      var given: [UInt8] = []
      swap(&given, &batch.packed)
      handoff.giveBack(consume given)
      if !reserved, let total, batch.bytesPacked > 0, builder.recordCount > 0 {
        // The first batch tells how many records the file holds, about: room for them all at once. The
        // estimate scales the first batch by the file's bytes, so each reservation stays a bounded multiple
        // of the file's size however its later records differ (a word, a value or a record takes bytes).
        reserved = true
        builder.reserve(records: Int(Double(builder.recordCount) * Double(total) / Double(batch.bytesPacked)))
      }
      progress?(LoadProgress(records: builder.recordCount, bytesRead: batch.bytesRead, totalBytes: total))
      if let error = batch.failure { failure = error }
      if let codec = batch.finalCodec {
        builder.codec = codec
        break
      }
    }
    builder.publishedKeyNames = nil
    builder.publishedTermOfToken = nil
    publish(builder.deduplicated())
    if let failure { throw failure }
  }
}
