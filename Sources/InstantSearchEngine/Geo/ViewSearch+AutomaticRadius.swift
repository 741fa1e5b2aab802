import InstantSearchModel

/// The automatic radius: a search around `aroundLatLng` without `aroundRadius` keeps the matches within a
/// circle drawn from their density around the centre, as Algolia does — small where many matches are
/// near, large where few are — and never smaller than `minimumAroundRadius`.
///
/// The circle holds the ``automaticRadiusTarget`` nearest matches (across every segment); the radius is the
/// distance of the farthest of them, so that ties at that distance stay in. With fewer located matches
/// than that, the radius reaches the farthest one and none is left out. Algolia does not publish its own
/// target; the number is this engine's, stated in the parameter table.
extension ViewSearch {
  /// How many of the nearest matches the automatic radius holds.
  static let automaticRadiusTarget = 1000

  /// Restricts `parts` (their matches already in the geo search's area: every located match) to the
  /// automatic circle and records its radius in each part, when ``geoSearch`` asks for one.
  func applyAutomaticRadius(to parts: inout [SegmentSearch], side: SideSession?) {
    guard let geoSearch, geoSearch.isAutomatic else { return }
    var nearest = MaxHeap(capacity: Self.automaticRadiusTarget)
    var distances: [[Double]] = []
    for index in parts.indices {
      parts[index].list(side: side)
      let geo = parts[index].segment.snapshot.geoIndex
      let docs = parts[index].matches ?? parts[index].segment.liveDocs
      var partDistances: [Double] = []
      partDistances.reserveCapacity(docs.count)
      for doc in docs {
        // Every match is located here (the area stage kept only those); a missing one never matches.
        let distance = geoSearch.distance(Int(doc), in: geo) ?? .infinity
        partDistances.append(distance)
        // Non-negative doubles order as their bit patterns do.
        if distance.isFinite { nearest.offer(distance.bitPattern) }
      }
      distances.append(partDistances)
    }
    guard let farthest = nearest.sortedAscending().last.map(Double.init(bitPattern:)) else { return }
    let radius = max(farthest, geoSearch.minimumRadius)
    for index in parts.indices {
      let docs = parts[index].matches ?? parts[index].segment.liveDocs
      let kept = zip(docs, distances[index]).filter { $0.1 <= radius }.map(\.0)
      if kept.count < docs.count { parts[index].restrict(to: kept) }
      parts[index].automaticRadius = radius
    }
  }
}
