/// How a hierarchical menu finds the path to a selected value: the values of every level above it.
///
/// A value at level `k` spells its ancestors: `"Men > Shoes > Boots"` is under `"Men > Shoes"`, under
/// `"Men"`. Cutting at the separator finds them unless a name contains the separator itself (`"Kids > 12"`
/// as one top-level name); then the values the menu has seen at each level decide which cuts are levels.
enum HierarchicalPath {
  /// The path (level 0 first) ending with `leaf` at `level`.
  ///
  /// - `current` is kept when it already leads to `leaf` at that level (the menu knows the path it built).
  /// - Otherwise each ancestor is the longest cut of `leaf` at a separator, after the previous ancestor,
  ///   that is a value seen at its level (`known[level]`) — names rarely hold the separator, so the longest
  ///   parent the data has leaves the plainest child name — or the next cut when none was seen; a cut
  ///   always leaves enough separators for the levels below it.
  /// - A leaf with too few separators for its level (inconsistent data) gets itself as the missing
  ///   ancestors: the path keeps one entry per level, and filters on it match nothing rather than the
  ///   wrong records.
  static func resolve(leaf: String, level: Int, separator: String, current: [String], known: [[String]])
    -> [String]
  {
    guard level > 0 else { return [leaf] }
    if current.count > level, current[level] == leaf { return Array(current.prefix(level + 1)) }
    let cuts = cutPositions(of: leaf, separator: separator)
    var path: [String] = []
    var next = 0
    for ancestorLevel in 0..<level {
      let needed = level - ancestorLevel - 1
      let usable = next < cuts.count - needed ? Array(cuts[next..<(cuts.count - needed)]) : []
      let seen = Set(ancestorLevel < known.count ? known[ancestorLevel] : [])
      let choice = usable.lastIndex { seen.contains(String(leaf[..<$0])) } ?? (usable.isEmpty ? nil : 0)
      guard let choice else {
        path.append(leaf)
        continue
      }
      path.append(String(leaf[..<usable[choice]]))
      next += choice + 1
    }
    return path + [leaf]
  }

  /// Where `separator` starts in `value`, in order.
  static func cutPositions(of value: String, separator: String) -> [String.Index] {
    guard !separator.isEmpty else { return [] }
    var positions: [String.Index] = []
    var searchStart = value.startIndex
    while let range = value.range(of: separator, in: searchStart..<value.endIndex) {
      positions.append(range.lowerBound)
      searchStart = range.upperBound
    }
    return positions
  }

  /// Whether `child` is directly under `parent` (it starts with `parent` and the separator).
  static func isChild(_ child: String, of parent: String, separator: String) -> Bool {
    child.hasPrefix(parent + separator)
  }
}

extension String {
  /// The first range of `needle` within `bounds`, by characters, without Foundation.
  fileprivate func range(of needle: String, in bounds: Range<String.Index>) -> Range<String.Index>? {
    var start = bounds.lowerBound
    while start < bounds.upperBound {
      if self[start..<bounds.upperBound].hasPrefix(needle) {
        return start..<(index(start, offsetBy: needle.count))
      }
      start = index(after: start)
    }
    return nil
  }
}
