/// The numeric value of each value of a facet column, by value id, when its key is a number (for
/// `facets_stats`, and for a numeric `distinct`).
///
/// A column built in memory holds them as optionals; a column read from a segment image reads them in
/// place, as the image stores them (a flag and a double per value), rather than making an array of
/// optionals for every value of every facet when the index opens.
struct FacetNumbers: RandomAccessCollection, Sendable, Equatable {
  private enum Storage: Sendable {
    case values([Double?])
    /// Value `id` is a number when `flags[id]` is not 0, `numbers[id]` then; both of one length.
    case packed(flags: Column<UInt8>, numbers: Column<Double>)
  }

  private let storage: Storage

  /// Numbers held as optionals.
  init(_ values: [Double?]) {
    storage = .values(values)
  }

  /// Numbers read in place: `nil` unless `flags` and `numbers` are as long.
  static func packed(flags: Column<UInt8>, numbers: Column<Double>) -> FacetNumbers? {
    flags.count == numbers.count ? FacetNumbers(storage: .packed(flags: flags, numbers: numbers)) : nil
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  var startIndex: Int { 0 }

  var endIndex: Int {
    switch storage {
    case .values(let values): values.count
    case .packed(let flags, _): flags.count
    }
  }

  /// The number of value `id`, or `nil` when its key is not one.
  subscript(id: Int) -> Double? {
    switch storage {
    case .values(let values): values[id]
    case .packed(let flags, let numbers): flags[id] == 0 ? nil : numbers[id]
    }
  }

  static func == (lhs: FacetNumbers, rhs: FacetNumbers) -> Bool {
    lhs.elementsEqual(rhs)
  }
}
