import InstantSearchModel

/// The part of a search that query rules change after choosing the query: hidden records left out of the
/// matches (so of `nbHits`, the pages and the facet counts), promoted records placed at their positions.
extension ViewSearch {
  /// Whether rules change this search beyond its query (then every segment goes through the parts).
  var hasRuleEffects: Bool { !hiddenObjectIDs.isEmpty || !promotions.isEmpty }

  /// The records of `segment` a search leaves out: its deleted ones and the hidden ones it holds.
  func excluded(in segment: Segment) -> Bitset? {
    guard !hiddenObjectIDs.isEmpty else { return segment.deleted }
    var excluded = segment.deleted ?? Bitset(universe: segment.snapshot.recordCount)
    for id in hiddenObjectIDs {
      if let doc = segment.doc(for: id) { excluded.insert(UInt32(doc)) }
    }
    return excluded
  }

  /// How many ranked records a page needs: its positions, and as many more as there are promoted records
  /// (which may be among them and leave their places).
  func rankedCount(_ positions: Int) -> Int {
    positions + promotions.count
  }

  /// `merged` with the promoted records at their positions (each taken out of where it ranked), and how
  /// many of them were not matches (they add to `nbHits`). With `filterPromotes`, a promoted record that
  /// does not pass the search's filters (`clauses`, the plan's) is not shown.
  func promote(
    _ merged: [Candidate], parts: [SegmentSearch], clauses: [[Filter]]
  ) -> (merged: [Candidate], added: Int) {
    guard !promotions.isEmpty else { return (merged, 0) }
    var placed: [(position: Int, candidate: Candidate)] = []
    var added = 0
    for (id, position) in promotions {
      guard let (segment, doc) = view.locate(id), segment < parts.count else { continue }
      if filterPromotes, !clauses.isEmpty,
        !FilterPlan(clauses: clauses, snapshot: parts[segment].segment.snapshot).matches(doc, skipping: nil)
      {
        continue
      }
      let counted = parts[segment].ranking.counted ?? parts[segment].matches
      if let counted, Self.search(UInt32(doc), in: counted) == nil { added += 1 }
      placed.append(
        (
          position,
          Candidate(
            part: segment, doc: UInt32(doc), score: nil, leadingValues: [], customValues: [],
            sequence: parts[segment].segment.sequences[doc])
        ))
    }
    var list = merged.filter { candidate in
      !placed.contains { $0.candidate.part == candidate.part && $0.candidate.doc == candidate.doc }
    }
    for (position, candidate) in placed.sorted(by: { $0.position < $1.position }) {
      list.insert(candidate, at: min(position, list.count))
    }
    return (list, added)
  }

  /// The index of `doc` in the increasing `docs`, if there.
  private static func search(_ doc: UInt32, in docs: [UInt32]) -> Int? {
    var low = 0
    var high = docs.count
    while low < high {
      let middle = (low + high) / 2
      if docs[middle] < doc { low = middle + 1 } else { high = middle }
    }
    return low < docs.count && docs[low] == doc ? low : nil
  }
}
