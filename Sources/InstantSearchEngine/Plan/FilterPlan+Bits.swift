extension FilterPlan.Literal {
  /// A facet literal's bitset: one value's, read where its column keeps it, or the union of several.
  enum DenseBits {
    case one(Column<UInt64>)
    case union([UInt64])

    /// Calls `body` with the words.
    @inline(__always)
    func withWords<R>(_ body: (UnsafeBufferPointer<UInt64>) -> R) -> R {
      switch self {
      case .one(let column): column.withUnsafeBufferPointer(body)
      case .union(let words): words.withUnsafeBufferPointer(body)
      }
    }

    /// Whether record `doc` is in the set.
    @inline(__always)
    func contains(_ doc: Int) -> Bool {
      switch self {
      case .one(let column): Bitset.contains(doc, in: column)
      case .union(let words): Bitset.contains(doc, in: words)
      }
    }
  }
}

/// Filters as bitsets: a literal's, a clause's, every clause's.
extension FilterPlan {
  /// The records matching a literal, as a bitset.
  func bits(of literal: Literal) -> [UInt64] {
    let count = (universe + 63) / 64
    var words: [UInt64]
    switch literal.atom {
    case .nothing:
      words = [UInt64](repeating: 0, count: count)
    case .facet(let facet):
      if let bits = facet.bits {
        words = bits.withWords { Array($0) }
      } else {
        words = [UInt64](repeating: 0, count: count)
        for value in facet.values { facet.column.addRecords(of: value, to: &words) }
      }
    case .numeric(let numeric):
      words = numeric.column.bits(of: numeric.range, words: count)
    case .records(let docs):
      words = [UInt64](repeating: 0, count: count)
      for doc in docs { Bitset.insert(doc, in: &words) }
    }
    if literal.isNegated {
      for index in words.indices { words[index] = ~words[index] }
      let extra = count * 64 - universe
      if extra > 0, count > 0 { words[count - 1] &= UInt64.max >> UInt64(extra) }
    }
    return words
  }

  /// The records matching every clause but those at `skipped`, as a bitset (empty when no clause is left).
  ///
  /// A clause of one frequent facet value is read where its column keeps the value's bitset, and a clause
  /// of facet values without one has their records set in one bitset: W1's three brands and free shipping
  /// had taken about ten passes over 125 KB bitsets (a zeroed copy a literal, then their unions).
  func bits(skipping skipped: [Int] = []) -> [UInt64] {
    var result: [UInt64]?
    for (position, clause) in clauses.enumerated() where !skipped.contains(position) && !clause.isEmpty {
      if clause.count == 1, !clause[0].isNegated, case .facet(let facet) = clause[0].atom, let bits = facet.bits {
        bits.withWords { other in
          guard var words = result else {
            result = Array(other)
            return
          }
          result = nil  // the only reference: combined in place
          Self.intersect(&words, other)
          result = words
        }
        continue
      }
      let clauseBits = bits(of: clause)
      guard var words = result else {
        result = clauseBits
        continue
      }
      result = nil
      clauseBits.withUnsafeBufferPointer { Self.intersect(&words, $0) }
      result = words
    }
    return result ?? []
  }

  /// The records matching one of `clause`'s literals, as a bitset: positive facet values without a
  /// bitset of their own set their records into one, the others ORed in.
  private func bits(of clause: [Literal]) -> [UInt64] {
    var words = [UInt64](repeating: 0, count: (universe + 63) / 64)
    for literal in clause {
      if !literal.isNegated, case .facet(let facet) = literal.atom, facet.bits == nil {
        for value in facet.values { facet.column.addRecords(of: value, to: &words) }
        continue
      }
      let literalBits = bits(of: literal)
      words.withUnsafeMutableBufferPointer { words in
        literalBits.withUnsafeBufferPointer { other in
          for index in 0..<min(words.count, other.count) { words[index] |= other[index] }
        }
      }
    }
    return words
  }

  /// Keeps in `words` only the records `other` holds too (words past `other`'s end are kept, as they
  /// always were: every bitset here spans the snapshot).
  private static func intersect(_ words: inout [UInt64], _ other: UnsafeBufferPointer<UInt64>) {
    words.withUnsafeMutableBufferPointer { words in
      for index in 0..<min(words.count, other.count) { words[index] &= other[index] }
    }
  }
}
