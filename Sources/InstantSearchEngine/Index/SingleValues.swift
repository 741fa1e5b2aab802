/// Turns per-record value lists into one value per record, when no record has more than one.
enum SingleValues {
  /// `values[docStarts[doc]]` for each record, or `none` for a record without a value; `nil` when a record
  /// has several values.
  static func extract<T>(docStarts: [UInt32], docValues: [T], none: T) -> [T]? {
    let recordCount = max(docStarts.count - 1, 0)
    var single = [T](repeating: none, count: recordCount)
    for doc in 0..<recordCount {
      let count = docStarts[doc + 1] - docStarts[doc]
      if count > 1 { return nil }
      if count == 1 { single[doc] = docValues[Int(docStarts[doc])] }
    }
    return single
  }
}
