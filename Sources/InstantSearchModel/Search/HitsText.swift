/// A page of hits written as JSON text by the engine, for a server that only writes them out (see
/// ``SearchResponse/hitsText``).
package struct HitsText: Hashable, Sendable {
  /// The hits' JSON objects separated by commas: the inside of the response's `hits` array.
  package var objects: [UInt8] = []
  /// The hits' objectIDs, in order (what the search log keeps of them).
  package var objectIDs: [String] = []

  /// No hits.
  package init() {}

  /// These hits, then `other`'s.
  package func appending(_ other: HitsText) -> HitsText {
    var joined = self
    if !objectIDs.isEmpty, !other.objectIDs.isEmpty { joined.objects.append(UInt8(ascii: ",")) }
    joined.objects += other.objects
    joined.objectIDs += other.objectIDs
    return joined
  }
}

/// How a search hands its hits over: as ``SearchHit`` objects (``SearchResponse/hits``), or as the JSON
/// text a server writes out (``SearchResponse/hitsText``).
package enum HitForm: Sendable {
  /// Hit objects.
  case objects
  /// JSON text.
  case text
}
