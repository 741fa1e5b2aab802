/// A page of hits written as JSON text by the engine, for a server that only writes them out (see
/// ``SearchResponse/hitsText``).
package struct HitsText: Hashable, Sendable {
  /// The hits' JSON objects separated by commas: the inside of the response's `hits` array.
  package var objects: [UInt8] = []
  /// The hits' objectIDs, in order (what the search log keeps of them).
  package var objectIDs: [String] = []

  /// No hits.
  package init() {}

  /// Appends `other`'s hits after these.
  package mutating func append(_ other: HitsText) {
    if !objectIDs.isEmpty, !other.objectIDs.isEmpty { objects.append(UInt8(ascii: ",")) }
    objects += other.objects
    objectIDs += other.objectIDs
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
