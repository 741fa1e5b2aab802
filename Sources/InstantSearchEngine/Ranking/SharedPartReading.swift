import Synchronization

/// One part of a query's matches (see ``RankingParts``) read in custom ranking order by two threads: the
/// custom ranks are cut in chunks of ``chunkRanks``, which the caller and the side thread claim in
/// increasing order, each keeping a ``PartReader`` of its own.
///
/// Each reader reads its chunks in increasing rank, so its top is the exact top of the records it read;
/// the two tops together hold the part's top. A reader whose top is decided stops the claiming: every
/// unclaimed chunk ranks after all it read, so none of its records can enter. Queries of several words
/// need this most: their records rarely reach the part's bound (proximity), and the part is read far.
///
/// The side reader may start late (queued behind the facets) or never: the caller claims every chunk
/// meanwhile, and once it is done, it ``abandon()``s a side reader that has not started, which then does
/// nothing, rather than waiting for it.
final class SharedPartReading: Sendable {
  /// How many custom ranks a chunk holds, at least.
  static let chunkRanks = 1_024
  /// How many of a part's records a chunk holds on average, at least: each claim is an atomic operation
  /// on a line both threads write (a cache line moved between the cores), worth it only for some records.
  static let recordsPerChunk = 64
  /// The fewest query words for which a part is read on two threads (one word reaches its bound fast).
  static let fewestWords = 2
  /// The fewest records of a part read on two threads: handing work over costs some ten microseconds.
  static let smallestPart = 256

  /// How many chunks there are.
  let chunks: Int
  /// How many custom ranks a chunk of this reading holds.
  let chunkRanks: Int
  private let next = Atomic<Int>(0)
  private let stopped = Atomic<Bool>(false)
  /// The side reader's state: not started, reading, done, or abandoned (never to start).
  private let state = Atomic<Int>(State.waiting)

  private enum State {
    static let waiting = 0
    static let reading = 1
    static let done = 2
    static let abandoned = 3
  }

  /// A reading of `ranks` custom ranks, `chunkRanks` a chunk.
  init(ranks: Int, chunkRanks: Int = SharedPartReading.chunkRanks) {
    self.chunkRanks = max(64, chunkRanks / 64 * 64)
    chunks = (ranks + self.chunkRanks - 1) / self.chunkRanks
  }

  /// The custom ranks of a chunk for a part of `records` records among `ranks`: enough that a chunk
  /// holds ``recordsPerChunk`` records on average (a part's records are spread over the ranks), never
  /// fewer than ``chunkRanks``; a multiple of 64. A part of a few thousand records among a million read in
  /// chunks of 1,024 ranks made a claim for every record or two.
  static func chunkRanks(records: Int, among ranks: Int) -> Int {
    guard records > 0, ranks > 0 else { return chunkRanks }
    let spread = min(ranks, min(ranks, Int(UInt32.max)) * recordsPerChunk / records)
    return max(chunkRanks, (spread + 63) / 64 * 64)
  }

  /// The next chunk to read, or `nil` when none is left or the reading is stopped.
  func claim() -> Int? {
    guard !stopped.load(ordering: .sequentiallyConsistent) else { return nil }
    let chunk = next.wrappingAdd(1, ordering: .sequentiallyConsistent).oldValue
    return chunk < chunks ? chunk : nil
  }

  /// Stops the claiming: a reader's top is decided.
  func stop() {
    stopped.store(true, ordering: .sequentiallyConsistent)
  }

  /// Called by the side reader before it reads: `false` when the caller has abandoned it.
  func startSide() -> Bool {
    state.compareExchange(expected: State.waiting, desired: State.reading, ordering: .sequentiallyConsistent)
      .exchanged
  }

  /// Called by the side reader once it has read its last chunk.
  func finishSide() {
    state.store(State.done, ordering: .sequentiallyConsistent)
  }

  /// Called by the caller once it is done: `true` when the side reader had not started (and now never
  /// will), `false` when it has read or is reading, and its top must be waited for.
  func abandon() -> Bool {
    state.compareExchange(expected: State.waiting, desired: State.abandoned, ordering: .sequentiallyConsistent)
      .exchanged
  }
}

extension TextScorer {
  /// Where a part's records come from, in custom ranking order: the marked ranks of a sparse part, or
  /// the index's custom order filtered by a dense part's members.
  enum RankSource: Sendable {
    case ranks(Bitset)
    case members(Bitset)
  }

  /// The `count` best records of `part` (as `best(in:…)` gives them), read on this thread and in `side`,
  /// `chunkRanks` custom ranks a chunk (a multiple of 64; by default as many as
  /// ``SharedPartReading/chunkRanks(records:among:)`` gives for the part).
  func bestOnTwoThreads(
    in part: RankingParts.Part, count: Int, worst kept: TextScore?, side: SideSession, chunkRanks: Int? = nil
  ) -> [(score: TextScore, doc: UInt32)] {
    let source: RankSource =
      part.count > snapshot.recordCount / 64
      ? .members(part.bitset(universe: snapshot.recordCount)) : .ranks(Self.customRanks(of: part, snapshot: snapshot))
    let reading = SharedPartReading(
      ranks: snapshot.recordCount,
      chunkRanks: chunkRanks ?? SharedPartReading.chunkRanks(records: part.count, among: snapshot.recordCount))
    let scorer = self
    let bound = part.bound
    let beside = side.submit { () -> [(score: TextScore, doc: UInt32)] in
      guard reading.startSide() else { return [] }
      defer { reading.finishSide() }
      return scorer.read(reading, from: source, count: count, bound: bound, kept: kept)
    }
    let own = read(reading, from: source, count: count, bound: bound, kept: kept)
    reading.stop()
    guard !reading.abandon() else { return own }
    let rank = snapshot.customRank
    let merged = (own + beside.value).sorted {
      $0.score != $1.score ? $0.score < $1.score : rank[Int($0.doc)] < rank[Int($1.doc)]
    }
    return Array(merged.prefix(count))
  }

  /// Reads the chunks this thread claims from `reading` into a reader of its own, and returns its top;
  /// stops the reading once that top is decided.
  func read(
    _ reading: SharedPartReading, from source: RankSource, count: Int, bound: TextScore, kept: TextScore?
  ) -> [(score: TextScore, doc: UInt32)] {
    var reader = PartReader(count: count, bound: bound, kept: kept, scorer: self)
    var scratch = Scratch()
    while let chunk = reading.claim() {
      if readChunk(chunk, of: source, size: reading.chunkRanks, into: &reader, scratch: &scratch) {
        reading.stop()
        break
      }
    }
    return reader.top
  }

  /// Reads the records of chunk `chunk` of `source` in custom ranking order; returns whether the
  /// reader's top is decided.
  private func readChunk(
    _ chunk: Int, of source: RankSource, size chunkRanks: Int, into reader: inout PartReader, scratch: inout Scratch
  ) -> Bool {
    let first = chunk * chunkRanks
    switch source {
    case .ranks(let ranks):
      let words = first / 64..<(first + chunkRanks) / 64
      var decided = false
      Self.forEachBatch(ofRanks: ranks, words: words, size: Self.batch, snapshot: snapshot) {
        decided = reader.read($0, scorer: self, scratch: &scratch)
        return decided
      }
      return decided
    case .members(let members):
      let order = snapshot.customOrder
      var batch: [UInt32] = []
      batch.reserveCapacity(Self.batch)
      var cursor = first
      let end = min(order.count, first + chunkRanks)
      while cursor < end {
        batch.removeAll(keepingCapacity: true)
        while batch.count < Self.batch, cursor < end {
          let doc = order[cursor]
          cursor += 1
          if members.contains(doc) { batch.append(doc) }
        }
        if reader.read(batch[...], scorer: self, scratch: &scratch) { return true }
      }
      return false
    }
  }
}
