/// An immutable array of numbers, held in memory or read in place from a mapped segment image: the
/// large arrays of a snapshot are columns, so that an index opened from disk maps them instead of copying
/// them. Reads are bounds-checked as an array's are.
struct Column<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
  // Safety: `buffer` points into memory `owner` keeps alive and never changes: a copy made at creation,
  // or a read-only mapping.
  private let owner: AnyObject?
  private let buffer: UnsafeBufferPointer<Element>

  /// A column holding a copy of `values`.
  init(_ values: [Element]) {
    let copy = OwnedBuffer(values)
    owner = copy
    buffer = copy.buffer
  }

  /// A column of `count` values that `initialize` writes in place — every one of them — without the copy
  /// that making a column from an array takes (a million records' text postings: 80 MB copied into memory
  /// new to the process, then the array freed).
  init(count: Int, initializingWith initialize: (UnsafeMutableBufferPointer<Element>) -> Void) {
    let made = OwnedBuffer<Element>(count: count, initializingWith: initialize)
    owner = made
    buffer = made.buffer
  }

  /// An empty column.
  init() {
    self.init([])
  }

  /// A column read in place from `file`'s mapping.
  init(mapped buffer: UnsafeBufferPointer<Element>, in file: MappedFile) {
    owner = file
    self.buffer = buffer
  }

  /// The values `range` of this column, sharing its memory.
  func sub(_ range: Range<Int>) -> Column<Element> {
    precondition(range.lowerBound >= 0 && range.upperBound <= buffer.count, "column range out of bounds")
    return Column(owner: owner, buffer: UnsafeBufferPointer(rebasing: buffer[range]))
  }

  private init(owner: AnyObject?, buffer: UnsafeBufferPointer<Element>) {
    self.owner = owner
    self.buffer = buffer
  }

  var startIndex: Int { 0 }
  var endIndex: Int { buffer.count }

  @inline(__always)
  subscript(position: Int) -> Element {
    precondition(position >= 0 && position < buffer.count, "column index out of range")
    return buffer[position]
  }

  /// Calls `body` with the values' memory (valid during the call).
  func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
    try withExtendedLifetime(owner) { try body(buffer) }
  }

  /// The bytes the values take.
  var byteCount: Int { buffer.count * MemoryLayout<Element>.stride }
}

extension Column where Element == Double {
  /// In a column sorted ascending: the first position whose number is `>= number` (`> number` when
  /// `strict`), by binary search.
  func firstPosition(from number: Double, strict: Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      let entry = self[middle]
      if entry < number || (strict && entry == number) { low = middle + 1 } else { high = middle }
    }
    return low
  }
}

/// Memory allocated for a column's copy of an array, freed with it.
private final class OwnedBuffer<Element: BitwiseCopyable> {
  private let memory: UnsafeMutableBufferPointer<Element>
  let buffer: UnsafeBufferPointer<Element>

  init(_ values: [Element]) {
    memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(values.count, 1))
    _ = memory.initialize(from: values)
    buffer = UnsafeBufferPointer(rebasing: memory[0..<values.count])
  }

  init(count: Int, initializingWith initialize: (UnsafeMutableBufferPointer<Element>) -> Void) {
    memory = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(count, 1))
    let values = UnsafeMutableBufferPointer(rebasing: memory[0..<count])
    initialize(values)
    buffer = UnsafeBufferPointer(values)
  }

  deinit {
    memory.deallocate()
  }
}
