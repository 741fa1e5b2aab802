/// One byte a record standing for a coarse slice of a coded numeric attribute's values, so that a wide
/// range checked record by record (see ``FilterPlan/deferrableClauses(survivors:)``) reads a quarter or a
/// half of the memory the codes take.
///
/// A record's byte is its code shifted right by ``shift`` (the codes follow the values' order, so the
/// bytes do too), or ``none`` without a value. A range of codes covers every slice strictly between the
/// slices of its two ends; only records in those two end slices need their exact code read. At a million
/// records a price of 77,000 distinct values takes 4 MB of codes and 1 MB of these bytes — the bytes stay
/// in the second-level cache, the codes do not.
struct RangeCodes: Sendable {
  /// The byte of a record without a value: never a slice, since slices stop below it.
  static let none = UInt8.max

  /// How far codes are shifted: the least for which the largest code's slice stays below ``none``.
  let shift: Int
  /// Each record's slice.
  let slices: Column<UInt8>

  /// The slices of `codes`, whose values number `valueCount`; `nil` when the codes are bytes already
  /// (nothing would be saved).
  init?(_ codes: NarrowIDs, valueCount: Int) {
    var shift = 0
    while (max(valueCount, 1) - 1) >> shift >= Int(Self.none) { shift += 1 }
    self.shift = shift
    switch codes {
    case .bytes: return nil
    case .shorts(let ids): slices = Self.slices(of: ids, shift: shift)
    case .words(let ids): slices = Self.slices(of: ids, shift: shift)
    }
  }

  private static func slices<T: FixedWidthInteger>(of ids: Column<T>, shift: Int) -> Column<UInt8> {
    let bytes = ids.withUnsafeBufferPointer { ids in
      [UInt8](unsafeUninitializedCapacity: ids.count) { buffer, initialized in
        for index in ids.indices {
          let id = ids[index]
          buffer[index] = id == T.max ? Self.none : UInt8(truncatingIfNeeded: Int(id) >> shift)
        }
        initialized = ids.count
      }
    }
    return Column(bytes)
  }

  /// The slices a non-empty range of codes ends in: records of slices strictly between pass, records of
  /// these two need their code checked, every other record fails.
  func ends(of codes: Range<Int>) -> (first: UInt8, last: UInt8) {
    (UInt8(truncatingIfNeeded: codes.lowerBound >> shift), UInt8(truncatingIfNeeded: (codes.upperBound - 1) >> shift))
  }

  /// The bytes the slices take.
  var byteCount: Int { slices.byteCount }
}
