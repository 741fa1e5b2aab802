import InstantSearchModel

/// Positions `0..<count` handed out once each, from the front to one thread and from the back to the
/// other: what a ``FacetShare`` and a ``MemberFacetShare`` split their work by, the side thread starting
/// on the heaviest piece at the front while the caller, arriving later, takes the light ones at the back.
final class TwoEndedTake: Sendable {
  /// The next position from the front, and one past the next from the back.
  private let bounds: Locked<(front: Int, back: Int)>

  /// Positions `0..<count`, none taken yet.
  init(count: Int) {
    bounds = Locked((0, max(count, 0)))
  }

  /// A position nobody has taken yet, from the front or from the back; `nil` when every one is taken.
  func take(fromFront: Bool) -> Int? {
    bounds.withLock { bounds -> Int? in
      guard bounds.front < bounds.back else { return nil }
      if fromFront {
        bounds.front += 1
        return bounds.front - 1
      }
      bounds.back -= 1
      return bounds.back
    }
  }
}
