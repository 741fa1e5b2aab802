/// The segments of a segmented control showing a filter map.
///
/// A filter map identifies its items by key (`[0: "male", 5: "female"]`); a segmented control numbers its
/// segments from 0 without gaps. This maps one to the other: one segment per key, in increasing key order,
/// so the segments keep their places however the dictionary iterates. The UIKit `SegmentedController` and
/// any custom segmented view use it; a segment or key it does not have gives `nil`, never a trap.
public struct SelectableSegments: Hashable, Sendable {
  /// The keys, one per segment, in increasing order.
  public private(set) var keys: [Int]
  /// The segments' titles, in segment order.
  public private(set) var titles: [String]
  /// The selected key (`nil` for none).
  public var selectedKey: Int?

  /// Creates the segments of `items` with `selected` selected.
  public init(items: [Int: String] = [:], selected: Int? = nil) {
    keys = items.keys.sorted()
    titles = keys.map { items[$0] ?? "" }
    selectedKey = selected
  }

  /// Replaces the items, keeping the selected key.
  public mutating func setItems(_ items: [Int: String]) {
    self = SelectableSegments(items: items, selected: selectedKey)
  }

  /// The number of segments.
  public var count: Int { keys.count }

  /// The segment of the selected key, or `nil` when nothing is selected or the key has no segment.
  public var selectedSegment: Int? {
    selectedKey.flatMap { keys.firstIndex(of: $0) }
  }

  /// The key of `segment`, or `nil` when there is no such segment (a control's "no segment" is -1).
  public func key(atSegment segment: Int) -> Int? {
    keys.indices.contains(segment) ? keys[segment] : nil
  }

  /// The title of `segment`, or `nil` when there is no such segment.
  public func title(atSegment segment: Int) -> String? {
    titles.indices.contains(segment) ? titles[segment] : nil
  }
}
