import InstantSearchModel

/// Finds how deep values nest without recursion (a value built in memory may nest any number of levels),
/// its stack kept from one value to the next.
struct NestingScratch {
  private var pending: [(JSON, Int)] = []

  /// How many levels below `value` its deepest value sits: 0 for a scalar or an empty container, 1 for
  /// `{"a": 1}` (as ``JSON/init(parsing:)`` counts the levels it refuses at ``JSON/maximumDepth``).
  mutating func depth(of value: JSON) -> Int {
    var deepest = 0
    pending.removeAll(keepingCapacity: true)
    pending.append((value, 0))
    while let (current, depth) = pending.popLast() {
      deepest = max(deepest, depth)
      switch current {
      case .object(let members): for member in members.values { pending.append((member, depth + 1)) }
      case .array(let elements): for element in elements { pending.append((element, depth + 1)) }
      default: continue
      }
    }
    return deepest
  }
}
