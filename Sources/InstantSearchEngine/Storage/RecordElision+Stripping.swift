extension RecordElision {
  /// A plan and the records stripped by it (see ``RecordElision/planStripping(for:twoThreadsFrom:)``).
  struct Stripped: Sendable {
    let elision: RecordElision
    /// The stripped records one after the other, and the offsets of their starts (and of the end).
    let arena: [UInt8]
    let offsets: [UInt32]
  }

  /// ``plan(for:twoThreadsFrom:)`` and ``ElisionImage/strip(_:with:twoThreadsFrom:)`` in one walk of the
  /// records: the same plan and the same bytes, for writing a segment image (at a million records each
  /// walk took a fifth of a second on each of two threads after the load).
  ///
  /// Each half of the records is checked first over its first block only, then walked once, checked and
  /// stripped of the values of the candidates still alive; the bytes are kept when those are exactly the
  /// ones that survive the whole check. A half where a candidate died later (or that the merge of the halves
  /// made die) is stripped again, alone, with the final plan. `nil` when no attribute can be left out.
  static func planStripping(
    for snapshot: IndexSnapshot, twoThreadsFrom: Int = ElisionPlanCheck.twoThreadThreshold
  ) -> Stripped? {
    guard let (candidates, paths) = candidates(for: snapshot) else { return nil }
    let fresh = ElisionPlanCheck(candidates: candidates, trie: snapshot.trie, nodeCount: paths.parent.count)
    let store = snapshot.store
    var halves = Halves.map(snapshot.recordCount, twoThreadsFrom: twoThreadsFrom) { docs in
      HalfWalk(fresh, docs: docs, store: store)
    }
    guard var merged = halves.first?.check else { return nil }
    for later in halves.dropFirst() { merged.merge(later.check) }
    guard let elision = planned(by: merged, paths: paths) else { return nil }
    let alive = merged.candidates.map(\.alive)
    var parts: [(arena: [UInt8], ends: [Int])] = []
    for index in halves.indices {
      // Taken out of the half, so that the joined arena below is the bytes' only owner (appended to in
      // place, not copied first).
      let stripped = halves[index].stripped
      halves[index].stripped = nil
      if let stripped, halves[index].assumed == alive {
        parts.append(stripped)
      } else {
        parts.append(ElisionImage.strip(store, docs: halves[index].docs, with: elision))
      }
    }
    let (arena, offsets) = ElisionImage.joined(consume parts)
    return Stripped(elision: elision, arena: arena, offsets: offsets)
  }

  /// One half's walk of ``planStripping(for:twoThreadsFrom:)``: its check, and its records stripped of the
  /// values of the candidates `assumed` alive, unless one of those died during the walk.
  private struct HalfWalk: Sendable {
    let docs: Range<Int>
    var check: ElisionPlanCheck
    var assumed: [Bool] = []
    var stripped: (arena: [UInt8], ends: [Int])?

    init(_ fresh: ElisionPlanCheck, docs: Range<Int>, store: RecordStore) {
      self.docs = docs
      check = fresh
      // The first block alone, checked only: the candidates that fail at once are then not stripped.
      walk(docs.prefix(ElisionExpectations.blockLength), store: store, stripping: false)
      guard check.anyAlive else { return }
      assumed = check.candidates.map(\.alive)
      walk(docs, store: store, stripping: true)
    }

    /// Checks records `range` (the checks of a record are the same the second time), appending them
    /// stripped to ``stripped`` when `stripping`, until a candidate dies.
    private mutating func walk(_ range: Range<Int>, store: RecordStore, stripping: Bool) {
      var arena: [UInt8] = []
      var ends: [Int] = []
      if stripping {
        arena.reserveCapacity(store.arenaSize / max(store.count, 1) * range.count)
        ends.reserveCapacity(range.count)
      }
      let deaths = check.deaths
      check.notesOmitted = stripping
      var blockStart = range.lowerBound
      while blockStart < range.upperBound, check.anyAlive {
        let block = blockStart..<min(blockStart + ElisionExpectations.blockLength, range.upperBound)
        check.expect(block)
        for doc in block {
          store.withRecord(doc) { bytes in
            check.visit(bytes, doc: doc)
            guard check.notesOmitted else { return }
            if check.deaths != deaths {
              // Stripped by a plan that no longer holds: checked only from here on.
              check.notesOmitted = false
              return
            }
            var from = 0
            for range in check.omitted {
              arena.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from..<range.lowerBound]))
              from = range.upperBound
            }
            arena.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[from...]))
            ends.append(arena.count)
          }
          if !check.anyAlive { break }
        }
        blockStart = block.upperBound
      }
      if check.notesOmitted, ends.count == range.count { stripped = (arena, ends) }
      check.notesOmitted = false
    }
  }
}
