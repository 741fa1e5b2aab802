/// Which segments to merge, and when a write merges them itself.
///
/// Tiered: a segment's tier is ⌊log₄ of its live records⌋; four segments of one tier become one (the
/// lowest tier first), so there are at most three segments per tier once merges have caught up, and a
/// record is merged about log₄ of the record count times over its life. A
/// segment more than half deleted is rewritten alone, so the space deleted records hold stays below the
/// live records'. Merges reading at most ``inlineLimit`` records run in the write that calls for them; the
/// larger ones run on the index's merge thread while writes go on, unless the segments number more than
/// ``segmentLimit`` (merges have fallen behind), when writes merge themselves again.
enum MergePolicy {
  /// How many segments of one tier are merged into one.
  static let factor = 4
  /// The most records a merge run inside a write may read: the merges of the smallest tiers, a fraction of
  /// a millisecond. Larger ones on the merge thread keep the write leader to its own segment while the other
  /// core merges (8 writers at 1M: 5,600-6,400 writes a second with merges of up to 8,192 records inline,
  /// 6,500-7,400 with this limit, and half the p99).
  static let inlineLimit = 256
  /// Past this many segments, writes merge whatever the size (back-pressure on writers).
  static let segmentLimit = 48

  /// The size tier of a segment of `count` live records: ⌊log₄ count⌋.
  static func tier(_ count: Int) -> Int {
    var tier = 0
    var size = max(count, 1)
    while size >= factor {
      size /= factor
      tier += 1
    }
    return tier
  }

  /// The records (live or deleted) that merging the segments at `picked` reads.
  static func records(_ segments: [Segment], _ picked: [Int]) -> Int {
    picked.reduce(0) { $0 + segments[$1].snapshot.recordCount }
  }

  /// The next merge the policy wants among `segments`, as the positions of the segments to merge
  /// (increasing): a segment more than half deleted alone, else `factor` segments of the lowest tier that
  /// has that many, wherever they are (merges finishing in the background leave the tiers interleaved);
  /// `nil` when none is due.
  static func nextMerge(_ segments: [Segment]) -> [Int]? {
    if let wasted = segments.firstIndex(where: { $0.deletedCount > $0.liveCount }) { return [wasted] }
    var byTier: [Int: [Int]] = [:]
    for (position, segment) in segments.enumerated() { byTier[tier(segment.liveCount), default: []].append(position) }
    guard let lowest = byTier.filter({ $0.value.count >= factor }).keys.min(), let members = byTier[lowest] else {
      return nil
    }
    return Array(members.prefix(factor))
  }

  /// `segments` with the segments at `picked` (increasing) replaced by `merged`, at the first one's place.
  static func replacing(_ picked: [Int], in segments: [Segment], with merged: Segment) -> [Segment] {
    var result = segments
    for position in picked.reversed() { result.remove(at: position) }
    result.insert(merged, at: picked[0])
    return result
  }
}
