/// Which segments to merge, and when a write merges them itself.
///
/// Tiered: a segment's tier is ⌊log₄ of its live records⌋; when the newest segments of the newest one's
/// tier or below number four (or include smaller ones), they become one, so there are at most three
/// segments per tier and a record is merged about log₄ of the record count times over its life. A
/// segment more than half deleted is rewritten alone, so the space deleted records hold stays below the
/// live records'. Merges reading at most ``inlineLimit`` records run in the write that calls for them; the
/// larger ones run on the index's merge thread while writes go on, unless the segments number more than
/// ``segmentLimit`` (merges have fallen behind), when writes merge themselves again.
enum MergePolicy {
  /// How many segments of one tier are merged into one.
  static let factor = 4
  /// The most records a merge run inside a write may read.
  static let inlineLimit = 8_192
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

  /// The records (live or deleted) that merging `segments` reads.
  static func records(_ segments: ArraySlice<Segment>) -> Int {
    segments.reduce(0) { $0 + $1.snapshot.recordCount }
  }

  /// The next merge the policy wants among `segments` (oldest first): a segment more than half deleted,
  /// else the newest segments when the tiers call for it; `nil` when none is due.
  static func nextMerge(_ segments: [Segment]) -> Range<Int>? {
    if let wasted = segments.firstIndex(where: { $0.deletedCount > $0.liveCount }) { return wasted..<wasted + 1 }
    guard segments.count >= 2 else { return nil }
    let newest = tier(segments[segments.count - 1].liveCount)
    var start = segments.count - 1
    while start > 0, tier(segments[start - 1].liveCount) <= newest { start -= 1 }
    let run = segments.count - start
    let smaller = segments[start..<(segments.count - 1)].contains { tier($0.liveCount) < newest }
    return run >= factor || smaller ? start..<segments.count : nil
  }
}
