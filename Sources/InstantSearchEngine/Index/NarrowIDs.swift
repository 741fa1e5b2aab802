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

  /// The value id of `doc`, if it has one.
  @inline(__always)
  func value(_ doc: Int) -> Int? {
    switch self {
    case .bytes(let ids): ids[doc] == UInt8.max ? nil : Int(ids[doc])
    case .shorts(let ids): ids[doc] == UInt16.max ? nil : Int(ids[doc])
    case .words(let ids): ids[doc] == UInt32.max ? nil : Int(ids[doc])
    }
  }

  /// Adds one to `counts[value]` for each record of `docs`, and lists each value the first time.
  func count(_ docs: [UInt32], into counts: UnsafeMutableBufferPointer<Int32>, firstSeen: inout [Int]) {
    switch self {
    case .bytes(let ids): ids.withUnsafeBufferPointer { Self.count($0, docs, counts, &firstSeen) }
    case .shorts(let ids): ids.withUnsafeBufferPointer { Self.count($0, docs, counts, &firstSeen) }
    case .words(let ids): ids.withUnsafeBufferPointer { Self.count($0, docs, counts, &firstSeen) }
    }
  }

  @inline(__always)
  private static func count<T: FixedWidthInteger>(
    _ ids: UnsafeBufferPointer<T>, _ docs: [UInt32], _ counts: UnsafeMutableBufferPointer<Int32>,
    _ firstSeen: inout [Int]
  ) {
    for doc in docs {
      let raw = ids[Int(doc)]
      guard raw != T.max else { continue }
      let value = Int(raw)
      if counts[value] == 0 { firstSeen.append(value) }
      counts[value] += 1
    }
  }
}
