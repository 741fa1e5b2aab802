import InstantSearchModel

/// One byte a record standing for a slice of a coded numeric attribute's records, so that a wide range
/// checked record by record (see ``FilterPlan/deferrableClauses(survivors:)``) reads a quarter or a half of
/// the memory the codes take.
///
/// The slices cut the records sorted by value into ``sliceCount`` runs of about as many records each, at
/// value boundaries: a code's slice is where its first record falls in that order (from the column's
/// ``CodedNumbers/starts``), so slices follow the codes' order. A range of codes covers every slice
/// strictly between the slices of its two ends; only records in those two end slices, some hundredths of
/// the records, need their exact code read. At a million records a price of 77,000 distinct values takes
/// 4 MB of codes and 1 MB of these bytes — the bytes stay in the second-level cache, the codes do not.
struct RangeCodes: Sendable {
  /// The byte of a record without a value: never a slice, since slices stop below it.
  static let none = UInt8.max
  /// How many slices the records are cut into.
  static let sliceCount = Int(none) - 1

  /// Each record's slice.
  let slices: Column<UInt8>
  /// The column's record starts by code, from which ``sliceOfCode`` is made.
  private let coded: CodedNumbers
  /// ``sliceOfCode`` once made.
  private let sliceOfCodeMemo: MadeOnFirstUse<[UInt8]>

  /// Each code's slice: made on first use for slices read from an image, where making it at open brought
  /// the column's record starts into memory (300 KB for a price at a million records) for queries that
  /// may never filter a range of it.
  private var sliceOfCode: [UInt8] {
    sliceOfCodeMemo.value { Self.sliceOfCode(coded) }
  }

  /// The slices of `coded`'s records; `nil` when its codes are bytes already (nothing would be saved).
  init?(_ coded: CodedNumbers) {
    let sliceOfCode = Self.sliceOfCode(coded)
    self.coded = coded
    sliceOfCodeMemo = MadeOnFirstUse(sliceOfCode)
    switch coded.codes {
    case .bytes: return nil
    case .shorts(let ids): slices = Self.slices(of: ids, sliceOfCode)
    case .words(let ids): slices = Self.slices(of: ids, sliceOfCode)
    }
  }

  /// The slices of `coded`'s records as an image stored them (``slices`` of the same codes, one byte a
  /// record); `nil` when its codes are bytes (an image stores none then) or `slices` is not a byte a record.
  init?(_ coded: CodedNumbers, stored slices: Column<UInt8>) {
    if case .bytes = coded.codes { return nil }
    guard slices.count == coded.codes.count else { return nil }
    self.coded = coded
    sliceOfCodeMemo = MadeOnFirstUse()
    self.slices = slices
  }

  /// Each code's slice: where its first record falls among the sorted records.
  private static func sliceOfCode(_ coded: CodedNumbers) -> [UInt8] {
    let total = max(coded.pairCount, 1)
    let starts = coded.starts
    let valueCount = max(starts.count - 1, 0)
    return (0..<valueCount).map { code in
      UInt8(truncatingIfNeeded: min(Int(starts[code]), total - 1) * Self.sliceCount / total)
    }
  }

  private static func slices<T: FixedWidthInteger>(of ids: Column<T>, _ sliceOfCode: [UInt8]) -> Column<UInt8> {
    let bytes = ids.withUnsafeBufferPointer { ids in
      [UInt8](unsafeUninitializedCapacity: ids.count) { buffer, initialized in
        for index in ids.indices {
          // A code outside the table (a damaged image) is no value: it never passes a range.
          let code = Int(ids[index])
          buffer[index] = ids[index] == T.max || code >= sliceOfCode.count ? Self.none : sliceOfCode[code]
        }
        initialized = ids.count
      }
    }
    return Column(bytes)
  }

  /// The slices a non-empty range of codes ends in: records of slices strictly between pass, records of
  /// these two need their code checked, every other record fails.
  func ends(of codes: Range<Int>) -> (first: UInt8, last: UInt8) {
    let sliceOfCode = sliceOfCode
    let lower = min(codes.lowerBound, sliceOfCode.count - 1)
    let upper = min(codes.upperBound - 1, sliceOfCode.count - 1)
    guard lower >= 0, upper >= 0 else { return (Self.none, Self.none) }
    return (sliceOfCode[lower], sliceOfCode[upper])
  }

  /// The bytes the slices take (the table of each code's slice is counted too).
  var byteCount: Int { slices.byteCount + max(coded.starts.count - 1, 0) }
}
