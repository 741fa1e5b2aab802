/// The keys of a facet column's values as responses spell them (`"Sony"`, `"10"`, `"true"`), by value id.
///
/// A column built in memory holds them as strings; a column read from a segment image reads them in place,
/// as the image stores them (their UTF-8 bytes back to back and where each ends), and makes a key's string
/// when it is asked for. Opening a large index no longer makes a string for every value of every facet
/// (a price facet of a million records has some 80,000), of which a query lists a hundred at most.
struct FacetKeys: RandomAccessCollection, Sendable, Equatable, ExpressibleByArrayLiteral {
  private enum Storage: Sendable {
    case strings([String])
    /// Key `id` is `bytes[ends[id - 1]..<ends[id]]` (from 0 for the first); checked when made.
    case packed(bytes: Column<UInt8>, ends: Column<UInt32>)
  }

  private let storage: Storage

  /// Keys held as strings.
  init(_ keys: [String]) {
    storage = .strings(keys)
  }

  init(arrayLiteral elements: String...) {
    self.init(elements)
  }

  /// Keys read in place: `nil` unless `ends` rises (never falls) from 0 to at most `bytes.count`, so that
  /// reading a key never leaves `bytes`. The definition the tests hold an image's walk of the ends
  /// (``endsStructure(byteCount:)``) to; an image's keys are made with ``verifiedPacked(bytes:ends:)``.
  static func packed(bytes: Column<UInt8>, ends: Column<UInt32>) -> FacetKeys? {
    let holds = ends.withUnsafeBufferPointer { ends in
      var previous: UInt32 = 0
      for end in ends {
        guard end >= previous else { return false }
        previous = end
      }
      return Int(previous) <= bytes.count
    }
    return holds ? FacetKeys(storage: .packed(bytes: bytes, ends: ends)) : nil
  }

  /// Keys read in place from a segment image whose verification walks `ends` with
  /// ``endsStructure(byteCount:)`` before any key is read: the checks of ``packed(bytes:ends:)``, made
  /// from the chunks the verifying threads read aside rather than through the mapping, which opening the
  /// image thus leaves untouched (a price facet's ends are 300 KB at a million records).
  static func verifiedPacked(bytes: Column<UInt8>, ends: Column<UInt32>) -> FacetKeys {
    FacetKeys(storage: .packed(bytes: bytes, ends: ends))
  }

  /// The walk that ends into `byteCount` bytes must pass: ``packed(bytes:ends:)``'s condition.
  static func endsStructure(byteCount: Int) -> ArrayStructure {
    .risingWithin(first: nil, atMost: UInt32(clamping: byteCount))
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  var startIndex: Int { 0 }

  var endIndex: Int {
    switch storage {
    case .strings(let keys): keys.count
    case .packed(_, let ends): ends.count
    }
  }

  /// The key of value `id`.
  subscript(id: Int) -> String {
    switch storage {
    case .strings(let keys):
      return keys[id]
    case .packed(let bytes, let ends):
      let start = id == 0 ? 0 : Int(ends[id - 1])
      let end = Int(ends[id])
      return bytes.withUnsafeBufferPointer {
        String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self)
      }
    }
  }

  static func == (lhs: FacetKeys, rhs: FacetKeys) -> Bool {
    lhs.elementsEqual(rhs)
  }
}
