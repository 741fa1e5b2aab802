import Dispatch
import Foundation
import InstantSearchCore
import InstantSearchEngine

extension BenchCommand {
  /// Times `writes` single-record partial updates of existing records spread over the index (each logged,
  /// then searchable; each leaves a deleted record behind in an older segment), from `writers` threads at
  /// once, and prints the latencies and the throughput.
  func timeWrites(_ durable: DurableIndex) throws {
    let recordCount = max(durable.index.recordCount, 1)
    let step = max(1, recordCount / max(writes, 1))
    let ids = durable.index.objectIDs(count: recordCount).enumerated().filter { $0.offset % step == 0 }.map(\.element)
    let clock = ContinuousClock()
    let threads = max(1, writers)
    let samples = Locked<[Duration]>([])
    let failure = Locked<(any Error)?>(nil)
    let start = clock.now
    let writes = self.writes
    @Sendable func writeSlice(_ thread: Int) {
      for number in stride(from: thread, to: writes, by: threads) {
        let id = number < ids.count ? ids[number] : "bench-\(number)"
        let begin = clock.now
        do {
          try durable.partialUpdate(objectID: id, attributes: ["benchWrite": .number(Double(number))])
        } catch {
          failure.withLock { $0 = error }
          return
        }
        let elapsed = begin.duration(to: clock.now)
        samples.withLock { $0.append(elapsed) }
      }
    }
    // Threads of their own: a pool sized to the cores would not run more writers than cores.
    let done = DispatchGroup()
    for thread in 0..<threads {
      done.enter()
      Thread {
        defer { done.leave() }
        writeSlice(thread)
      }.start()
    }
    done.wait()
    let total = start.duration(to: clock.now)
    if let error = failure.withLock({ $0 }) { throw error }
    let sorted = samples.withLock { $0 }.sorted()
    guard !sorted.isEmpty else { return }
    let median = sorted[sorted.count / 2]
    let p99 = NearestRank.percentile(0.99, of: sorted) ?? median
    let perSecond = Double(sorted.count) / max(Self.millisecondsValue(total) / 1000, 1e-9)
    print(
      "single-record writes: \(sorted.count) from \(threads) thread(s), median \(Self.milliseconds(median)) ms, "
        + "p99 \(Self.milliseconds(p99)) ms, \(Int(perSecond)) writes/s")
  }

  /// Times saving one batch of `batch` records: existing records (the last ones saved) with one attribute
  /// added, so that each replaces a record; when the index has fewer, new records.
  func timeBatch(_ durable: DurableIndex) throws {
    var records: [[String: JSON]] = []
    records.reserveCapacity(batch)
    let count = durable.index.recordCount
    let ids = durable.index.objectIDs(offset: max(0, count - batch), count: batch)
    for number in 0..<batch {
      let id = number < ids.count ? ids[number] : "batch-\(number)"
      var record = durable.index.record(objectID: id) ?? ["objectID": .string(id)]
      record["benchBatch"] = .number(Double(number))
      records.append(record)
    }
    let clock = ContinuousClock()
    let start = clock.now
    try durable.saveRecords(records)
    print(
      "one batch of \(batch) records saved and searchable in \(Self.milliseconds(start.duration(to: clock.now))) ms")
  }

  /// Replaces every record `churn` times, in batches of 10,000 (the log commits by itself as it grows), then
  /// waits for the merges, commits, and prints the space the directory takes against what it took before.
  func measureChurn(_ durable: DurableIndex) throws {
    let before = try durable.diskSize()
    let count = durable.index.recordCount
    let ids = durable.index.objectIDs(count: count)
    let clock = ContinuousClock()
    let start = clock.now
    for round in 0..<churn {
      for chunk in stride(from: 0, to: ids.count, by: 10_000) {
        let records = ids[chunk..<min(ids.count, chunk + 10_000)].map { id in
          var record = durable.index.record(objectID: id) ?? ["objectID": .string(id)]
          record["churn"] = .number(Double(round))
          return record
        }
        try durable.saveRecords(records)
      }
    }
    durable.index.waitForMerges()
    try durable.commit()
    let after = try durable.diskSize()
    let view = durable.index.segmentSummary
    print(
      "churn: \(count) records replaced \(churn) time(s) in \(Self.milliseconds(start.duration(to: clock.now))) ms; "
        + "on disk \(before / 1_048_576) MB before, \(after / 1_048_576) MB after "
        + "(\(String(format: "%.2f", Double(after) / Double(max(before, 1))))x), "
        + "\(view.segments) segment(s), \(view.deleted) deleted record(s) kept")
  }
}
