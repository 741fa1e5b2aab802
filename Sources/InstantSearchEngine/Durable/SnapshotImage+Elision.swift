/// A segment image's ``RecordElision``: for each attribute its records leave out, the path, the key ids
/// to it, its kind — 0 a single facet value, 1 an array of facet values, 2 a number only a numeric column
/// holds — and the packed bytes of each
/// facet value id (read in place). Each record's values are its columns'.
enum ElisionImage {
  static func write(_ elision: RecordElision?, to image: inout ImageWriter) throws(DurableError) {
    let members = elision?.members ?? []
    try image.number("elision.members", UInt64(members.count))
    for member in members {
      try image.strings("elision.path", [member.path])
      try image.integers("elision.parent", member.parent)
      try image.number("elision.key", UInt64(member.key))
      switch member.source {
      case .single: try image.number("elision.kind", 0)
      case .array: try image.number("elision.kind", 1)
      case .number: try image.number("elision.kind", 2)
      }
      try image.column("elision.values", member.values)
      try image.column("elision.valueStarts", member.valueStarts)
    }
  }

  static func read(
    _ image: inout ImageReader, facets: [String: FacetColumn], numerics: [String: NumericColumn], keyCount: Int,
    mapping: MappedFile
  ) throws(DurableError) -> RecordElision? {
    let count = try image.number("elision.members")
    guard count > 0 else { return nil }
    var members: [RecordElision.Member] = []
    for _ in 0..<count {
      let path = try image.strings("elision.path").first ?? ""
      let parent: [UInt32] = try image.integers("elision.parent")
      let key = try image.number("elision.key")
      let kind = try image.number("elision.kind")
      let values: Column<UInt8> = try image.column("elision.values", in: mapping)
      let failure = "the left-out values of \(path) do not hold together"
      let damaged = DurableError.corrupt(path: image.path, reason: failure)
      guard let valueBytes = UInt32(exactly: values.count) else { throw damaged }
      // Walked while verifying (not through the mapping), before anything reads a value.
      let starts: Column<UInt32> = try image.column(
        "elision.valueStarts", in: mapping, structure: .rising(first: 0, last: valueBytes), failure: failure)
      let source: RecordElision.Member.Source
      let column = facets[path]
      let valueCount: Int
      if kind == 0, let column, let ids = column.single {
        source = .single(ids)
        valueCount = column.valueCount
      } else if kind == 1, let column, column.single == nil, !column.docStarts.isEmpty {
        source = .array(starts: column.docStarts, ids: column.docValues)
        valueCount = column.valueCount
      } else if kind == 2, column == nil, let numbers = numerics[path],
        numbers.coded != nil
      {
        source = .number(numbers)
        valueCount = 0
      } else {
        throw .corrupt(path: image.path, reason: "the records leave out \(path), which has no column of that kind")
      }
      guard key < keyCount, parent.allSatisfy({ Int($0) < keyCount }), starts.count == valueCount + 1
      else { throw damaged }
      members.append(
        RecordElision.Member(
          path: path, parent: parent, key: UInt32(key), source: source, values: values, valueStarts: starts))
    }
    return RecordElision(members: members)
  }

  /// The records of `store` without the values `elision` leaves out: their arena and offsets.
  static func strip(
    _ store: RecordStore, with elision: RecordElision, twoThreadsFrom: Int = ElisionPlanCheck.twoThreadThreshold
  ) -> (arena: [UInt8], offsets: [UInt32]) {
    // Each half on its own thread from ElisionPlanCheck's threshold on (0.5 s of a million records'
    // import on one), the second half's bytes appended after the first's.
    joined(Halves.map(store.count, twoThreadsFrom: twoThreadsFrom) { strip(store, docs: $0, with: elision) })
  }

  /// Records `docs` of `store` without the values `elision` leaves out, one after the other, and where
  /// each ends in the bytes.
  static func strip(_ store: RecordStore, docs: Range<Int>, with elision: RecordElision)
    -> (arena: [UInt8], ends: [Int])
  {
    var arena: [UInt8] = []
    arena.reserveCapacity(store.arenaSize / max(store.count, 1) * docs.count)
    var ends: [Int] = []
    ends.reserveCapacity(docs.count)
    var masks: [UInt64] = []
    let words = elision.maskWords
    var blockStart = docs.lowerBound
    while blockStart < docs.upperBound {
      let block = blockStart..<min(blockStart + ElisionExpectations.blockLength, docs.upperBound)
      elision.leavingMasks(block, into: &masks)
      for doc in block {
        let base = (doc - block.lowerBound) * words
        store.withRecord(doc) { bytes in
          elision.strip(bytes, leaves: { masks[base + $0 >> 6] & UInt64(1) << UInt64($0 & 63) != 0 }, into: &arena)
        }
        ends.append(arena.count)
      }
      blockStart = block.upperBound
    }
    return (arena, ends)
  }

  /// The stripped records of consecutive runs of records, in order, as one arena and its offsets (the
  /// first part's bytes grown in place when the caller gives up its parts).
  static func joined(_ parts: consuming [(arena: [UInt8], ends: [Int])]) -> (arena: [UInt8], offsets: [UInt32]) {
    var arena = parts.first?.arena ?? []
    if !parts.isEmpty { parts[0].arena = [] }
    arena.reserveCapacity(parts.reduce(arena.count) { $0 + $1.arena.count })
    var offsets: [UInt32] = [0]
    offsets.reserveCapacity(parts.reduce(1) { $0 + $1.ends.count })
    for (position, part) in parts.enumerated() {
      let base = position == 0 ? 0 : arena.count
      if position > 0 { arena.append(contentsOf: part.arena) }
      for end in part.ends { offsets.append(UInt32(base + end)) }
    }
    return (arena, offsets)
  }
}
