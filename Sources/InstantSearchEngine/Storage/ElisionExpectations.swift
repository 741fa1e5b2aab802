/// What the candidates' columns hold for a block of records, read column by column before
/// ``ElisionPlanCheck`` checks the records' bytes one by one: plain values, so that checking a record
/// reads no column (each read of a column held in an enum retained and released its storage: a tenth of
/// the check's time at a million records).
struct ElisionExpectations: Sendable {
  /// What one candidate's column holds for one record.
  enum Value: Sendable {
    /// No value.
    case none
    /// One value id (a column of one value a record).
    case id(Int)
    /// The value ids at positions `range` of ``arrayID(_:)`` (a column of several values a record).
    case ids(Range<Int>)
    /// One number (a numeric column).
    case number(Double)
  }

  /// The records read at once.
  static let blockLength = 256
  private var values: [Value] = []
  private var ids: [Int] = []
  private var block = 0..<0

  /// Starts block `block` (at most ``blockLength`` records) for `candidates` candidates, none read yet.
  mutating func start(_ block: Range<Int>, candidates: Int) {
    self.block = block
    values.removeAll(keepingCapacity: true)
    values.append(contentsOf: repeatElement(.none, count: candidates * Self.blockLength))
    ids.removeAll(keepingCapacity: true)
  }

  /// Reads candidate `index`'s column for the block's records.
  mutating func fill(_ index: Int, from source: RecordElision.Member.Source) {
    let base = index * Self.blockLength - block.lowerBound
    switch source {
    case .single(let column):
      for doc in block { values[base + doc] = column.value(doc).map(Value.id) ?? .none }
    case .array(let starts, let column):
      for doc in block where starts[doc] < starts[doc + 1] {
        let first = ids.count
        for position in Int(starts[doc])..<Int(starts[doc + 1]) { ids.append(column.id(position)) }
        values[base + doc] = .ids(first..<ids.count)
      }
    case .number(let column):
      for doc in block { values[base + doc] = column.firstValue(doc).map(Value.number) ?? .none }
    }
  }

  /// What candidate `index`'s column holds for record `doc` of the block.
  @inline(__always)
  subscript(index: Int, doc: Int) -> Value {
    values[index * Self.blockLength + doc - block.lowerBound]
  }

  /// Whether candidate `index`'s column holds a value for record `doc` of the block.
  @inline(__always)
  func hasValue(_ index: Int, _ doc: Int) -> Bool {
    if case .none = self[index, doc] { return false }
    return true
  }

  /// The value id at `position` of the ids of ``Value/ids(_:)``.
  @inline(__always)
  func arrayID(_ position: Int) -> Int { ids[position] }
}
