/// Finds a record by `objectID` without a dictionary of a million strings: sorted (hash, record) pairs,
/// checked against the stored id.
struct ObjectIDIndex: Sendable {
  private let hashes: Column<UInt32>
  private let docs: Column<UInt32>

  /// An index of stored parts (an image's).
  init(hashes: Column<UInt32>, docs: Column<UInt32>) {
    self.hashes = hashes
    self.docs = docs
  }

  /// The sorted hashes and their records (for images).
  var parts: (hashes: Column<UInt32>, docs: Column<UInt32>) { (hashes, docs) }

  /// The index of (hash, record) pairs, in any order: sorted by the hash's low 32 bits, then record.
  init(hashed pairs: [(UInt64, UInt32)]) {
    var order = Array(0..<UInt32(pairs.count))
    // Hash and record in one key: the order is the same whatever order the pairs come in.
    RadixSort.sort(&order) { UInt64(UInt32(truncatingIfNeeded: pairs[Int($0)].0)) << 32 | UInt64(pairs[Int($0)].1) }
    hashes = Column(order.map { UInt32(truncatingIfNeeded: pairs[Int($0)].0) })
    docs = Column(order.map { pairs[Int($0)].1 })
  }

  static func hash(_ id: String) -> UInt64 {
    var id = id
    return id.withUTF8 { ByteInterner.hash($0) }
  }

  /// The record whose id is `objectID`; `idOf` reads a record's id to rule out hash collisions.
  func doc(for objectID: String, idOf: (Int) -> String?) -> Int? {
    let hash = UInt32(truncatingIfNeeded: Self.hash(objectID))
    var low = 0
    var high = hashes.count
    while low < high {
      let middle = (low + high) / 2
      if hashes[middle] < hash { low = middle + 1 } else { high = middle }
    }
    while low < hashes.count, hashes[low] == hash {
      if idOf(Int(docs[low])) == objectID { return Int(docs[low]) }
      low += 1
    }
    return nil
  }
}
