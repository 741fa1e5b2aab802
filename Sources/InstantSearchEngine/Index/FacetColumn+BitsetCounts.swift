extension FacetColumn {
  /// What counting the values of a bitset of matches costs, in units of about a nanosecond: each dense
  /// value's bitset ANDed with the matches and its members counted (a word a unit), and each record of a
  /// sparse value tested against the matches (two units: a read anywhere in the bitset). `nil` when the
  /// dense bitsets do not span `wordCount` words.
  func bitsetCountingCost(wordCount: Int) -> Int? {
    guard dense.isEmpty || dense.wordsPerSet == wordCount else { return nil }
    return dense.keys.count * dense.wordsPerSet + 2 * postings.count(0..<postings.keyCount)
  }

  /// What counting the values of `records` one record at a time costs, in the units of
  /// ``bitsetCountingCost(wordCount:)``: a unit a record of a single-valued column, two a record of a
  /// multi-valued one (its run of values is looked up first).
  func recordCountingCost(_ records: Int) -> Int {
    single == nil ? 2 * records : records
  }

  /// Whether ``valueCounts(members:count:in:)`` reads the values of each of the `count` members of
  /// `bits` (rather than ANDing each dense value's bitset with them): what costs less, finding the members
  /// costing about a unit each on top of counting them (measured on the English catalog's keystrokes: the
  /// colors of 185,463 matches of 1M counted faster by their fifteen bitsets). Counted by members, a
  /// column can be counted in parts, a range of words each.
  func countsByMembers(_ bits: Bitset, count: Int) -> Bool {
    guard let cost = bitsetCountingCost(wordCount: bits.words.count) else { return true }
    return cost >= recordCountingCost(count) + count
  }

  /// The values held by the `count` members of `bits` (only those of `bits.words[range]` when given) and
  /// how many members hold each (values held by none left out), the members never listed: each dense
  /// value's bitset ANDed with `bits` when that costs less and no range is given (see
  /// ``countsByMembers(_:count:)``), else each member's values read as its bit is found
  /// (``NarrowIDs/valueCounts(members:in:valueCount:largestCount:)`` for a single-valued column).
  func valueCounts(members bits: Bitset, count: Int, in range: Range<Int>? = nil) -> [(value: Int, count: Int)] {
    if range == nil, !countsByMembers(bits, count: count) { return valueCounts(in: bits) }
    return bits.words.withUnsafeBufferPointer { words in
      if let single {
        return single.valueCounts(members: words, in: range, valueCount: valueCount, largestCount: largestCount)
      }
      var counts = [Int](repeating: 0, count: valueCount)
      let recordCount = max(docStarts.count - 1, 0)
      Bitset.forEachChunk(of: words, in: range, below: recordCount) { chunk in
        for doc in chunk { forEachValue(Int(doc)) { if $0 < counts.count { counts[$0] &+= 1 } } }
      }
      var pairs: [(value: Int, count: Int)] = []
      for (value, count) in counts.enumerated() where count > 0 { pairs.append((value, count)) }
      return pairs
    }
  }

  /// The values held by the members of `bits` and how many members hold each (values held by none left
  /// out), with `extras` (value ids, possibly repeated) added: a population count of each dense value's
  /// bitset ANDed with `bits`, and a test of each sparse value's records. A few dense values make this
  /// much cheaper than reading the value of every match when the matches are many (fifteen colors of
  /// 50,000 matches among 100,000 records: fifteen passes over 1,563 words against 50,000 lookups).
  func valueCounts(in bits: Bitset, adding extras: [(value: Int, count: Int)] = []) -> [(value: Int, count: Int)] {
    var counts = [Int](repeating: 0, count: valueCount)
    bits.words.withUnsafeBufferPointer { matches in
      for slot in 0..<dense.keys.count {
        let value = Int(dense.keys[slot])
        guard value < counts.count else { continue }
        counts[value] = dense.bits(slot).withUnsafeBufferPointer { PopulationCount.of($0, and: matches) }
      }
      for value in 0..<min(postings.keyCount, counts.count) where postings.count(value..<value + 1) > 0 {
        var total = 0
        postings.forEach(value..<value + 1) { doc in
          if Bitset.contains(doc, in: matches) { total &+= 1 }
        }
        counts[value] &+= total
      }
    }
    for extra in extras where extra.value >= 0 && extra.value < counts.count { counts[extra.value] &+= extra.count }
    var pairs: [(value: Int, count: Int)] = []
    for (value, count) in counts.enumerated() where count > 0 { pairs.append((value, count)) }
    return pairs
  }
}
