/// Per-record value ids in the narrowest integer type that holds them; the type's maximum means none.
enum NarrowIDs: Sendable {
  case bytes(Column<UInt8>)
  case shorts(Column<UInt16>)
  case words(Column<UInt32>)

  init(_ ids: [UInt32], valueCount: Int) {
    if valueCount < Int(UInt8.max) {
      self = .bytes(Column(ids.map { $0 == UInt32.max ? UInt8.max : UInt8(truncatingIfNeeded: $0) }))
    } else if valueCount < Int(UInt16.max) {
      self = .shorts(Column(ids.map { $0 == UInt32.max ? UInt16.max : UInt16(truncatingIfNeeded: $0) }))
    } else {
      self = .words(Column(ids))
    }
  }

  /// The number of records.
  var count: Int {
    switch self {
    case .bytes(let ids): ids.count
    case .shorts(let ids): ids.count
    case .words(let ids): ids.count
    }
  }

  /// The bytes the ids take.
  var byteCount: Int {
    switch self {
    case .bytes(let ids): ids.byteCount
    case .shorts(let ids): ids.byteCount
    case .words(let ids): ids.byteCount
    }
  }

  /// The id at `index`, read as a number whatever it is (for ids that are never none: a multi-valued
  /// column's values).
  @inline(__always)
  func id(_ index: Int) -> Int {
    switch self {
    case .bytes(let ids): Int(ids[index])
    case .shorts(let ids): Int(ids[index])
    case .words(let ids): Int(ids[index])
    }
  }

  /// Calls `body` with each id of `range` (see ``id(_:)``), the width chosen once.
  @inline(__always)
  func forEachID(in range: Range<Int>, _ body: (Int) -> Void) {
    switch self {
    case .bytes(let ids): for index in range { body(Int(ids[index])) }
    case .shorts(let ids): for index in range { body(Int(ids[index])) }
    case .words(let ids): for index in range { body(Int(ids[index])) }
    }
  }

  /// The value id of `doc`, if it has one.
  @inline(__always)
  func value(_ doc: Int) -> Int? {
    switch self {
    case .bytes(let ids): ids[doc] == UInt8.max ? nil : Int(ids[doc])
    case .shorts(let ids): ids[doc] == UInt16.max ? nil : Int(ids[doc])
    case .words(let ids): ids[doc] == UInt32.max ? nil : Int(ids[doc])
    }
  }

  /// Adds one to `counts[value]` for each record of `docs`, and lists each value the first time; `counts`
  /// holds exactly one count a value of the column. `largestCount` bounds how many records hold any one
  /// value (the column's largest count over all records; `Int.max` when unknown).
  func count(
    _ docs: [UInt32], into counts: UnsafeMutableBufferPointer<Int32>, firstSeen: inout [Int],
    largestCount: Int = .max
  ) {
    let byHistogram = Self.countsByHistogram(
      docCount: docs.count, valueCount: counts.count, largestCount: largestCount)
    switch self {
    case .bytes(let ids): ids.withUnsafeBufferPointer { Self.countInterleaved($0, docs, counts, &firstSeen) }
    case .shorts(let ids):
      ids.withUnsafeBufferPointer { ids in
        if counts.count <= Self.interleavedValueLimit {
          Self.countInterleaved(ids, docs, counts, &firstSeen)
        } else if byHistogram {
          Self.countByHistogram(ids, docs, counts, &firstSeen)
        } else {
          Self.count(ids, docs, counts, &firstSeen)
        }
      }
    case .words(let ids):
      ids.withUnsafeBufferPointer { ids in
        if byHistogram {
          Self.countByHistogram(ids, docs, counts, &firstSeen)
        } else {
          Self.count(ids, docs, counts, &firstSeen)
        }
      }
    }
  }

  /// The most values counted in four interleaved histograms (16 KB each at most, in temporary memory).
  static let interleavedValueLimit = 4096

  /// ``count(_:into:firstSeen:)`` for columns of few values: four histograms filled in turn, so that
  /// records in a row with the same value (a facet of ten colors) do not wait on each other's increment,
  /// then added into `counts` (values first seen listed in increasing order).
  private static func countInterleaved<T: FixedWidthInteger>(
    _ ids: UnsafeBufferPointer<T>, _ docs: [UInt32], _ counts: UnsafeMutableBufferPointer<Int32>,
    _ firstSeen: inout [Int]
  ) {
    // One more slot a histogram for the no-value id, counted there and dropped.
    let width = counts.count + 1
    withUnsafeTemporaryAllocation(of: Int32.self, capacity: 4 * width) { histograms in
      histograms.initialize(repeating: 0)
      @inline(__always) func slot(_ doc: UInt32) -> Int {
        let raw = ids[Int(doc)]
        return raw == T.max ? counts.count : Int(raw)
      }
      docs.withUnsafeBufferPointer { docs in
        var index = 0
        while index + 4 <= docs.count {
          histograms[slot(docs[index])] &+= 1
          histograms[width + slot(docs[index + 1])] &+= 1
          histograms[2 * width + slot(docs[index + 2])] &+= 1
          histograms[3 * width + slot(docs[index + 3])] &+= 1
          index += 4
        }
        while index < docs.count {
          histograms[slot(docs[index])] &+= 1
          index += 1
        }
      }
      for value in 0..<counts.count {
        let total =
          histograms[value] &+ histograms[width + value] &+ histograms[2 * width + value]
          &+ histograms[3 * width + value]
        guard total > 0 else { continue }
        if counts[value] == 0 { firstSeen.append(value) }
        counts[value] += total
      }
    }
  }

  /// Counts `docs` one by one, in blocks: each block's ids are gathered first (loads that do not wait on
  /// each other or on a branch, so that the records' cache misses overlap), then counted. A value seen for
  /// the first time is listed without a branch (where most values are new, as the prices of a few
  /// thousand records, whether one is new is as good as random): every value is written at the end of the
  /// block's list, which grows only when the count was zero.
  @inline(__always)
  private static func count<T: FixedWidthInteger>(
    _ ids: UnsafeBufferPointer<T>, _ docs: [UInt32], _ counts: UnsafeMutableBufferPointer<Int32>,
    _ firstSeen: inout [Int]
  ) {
    let block = 256
    withUnsafeTemporaryAllocation(of: T.self, capacity: block) { gathered in
      withUnsafeTemporaryAllocation(of: Int.self, capacity: block) { fresh in
        docs.withUnsafeBufferPointer { docs in
          var start = 0
          while start < docs.count {
            let end = min(start + block, docs.count)
            for index in start..<end { gathered[index - start] = ids[Int(docs[index])] }
            var new = 0
            for raw in gathered[0..<(end - start)] where raw != T.max {
              let value = Int(raw)
              fresh[new] = value
              new &+= counts[value] == 0 ? 1 : 0
              counts[value] &+= 1
            }
            firstSeen.append(contentsOf: fresh[0..<new])
            start = end
          }
        }
      }
    }
  }
}
