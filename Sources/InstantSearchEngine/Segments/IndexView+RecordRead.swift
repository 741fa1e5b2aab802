import InstantSearchModel

/// Who reads a record by its objectID (`GET /1/indexes/{index}/{objectID}`, `POST /1/indexes/*/objects`):
/// the filters and attributes a key forces on it, and whether it may see `unretrievableAttributes`.
public struct RecordReader: Sendable, Hashable {
  /// The filters the record must pass (`filters`, `facetFilters`, `numericFilters`, `tagFilters`: a
  /// secured key's or a key's forced parameters), and the attributes to return
  /// (`attributesToRetrieve`; `nil` or `*`: every attribute).
  public var query: Query
  /// Whether `unretrievableAttributes` are returned too: only for the admin key, as Algolia documents.
  public var seesUnretrievableAttributes: Bool

  /// A reader restricted by `query`.
  public init(query: Query = Query(), seesUnretrievableAttributes: Bool = false) {
    self.query = query
    self.seesUnretrievableAttributes = seesUnretrievableAttributes
  }
}

extension IndexView {
  /// The live record with `objectID` as `reader` may see it: `nil` when there is none or when it fails
  /// the reader's filters (so a restricted key cannot tell it exists), else reduced to the attributes the
  /// reader asks for (`objectID` always kept) without the index's `unretrievableAttributes` unless the
  /// reader may see them.
  ///
  /// - Throws: ``EngineError/invalidFilters(_:)`` when the reader's filters do not parse;
  ///   ``EngineError/storage(_:)`` when the records holding it failed their checksum.
  func record(objectID: String, readBy reader: RecordReader) throws(EngineError) -> [String: JSON]? {
    // Finding the record reads stored objectIDs: they and the records are verified first.
    if let failure = recordsFailure(findingByObjectID: true) { throw .storage(failure) }
    guard let (segment, doc) = locate(objectID) else { return nil }
    let snapshot = segments[segment].snapshot
    let clauses = try LegacyFilterParser.clauses(of: reader.query)
    if !clauses.isEmpty, !FilterPlan(clauses: clauses, snapshot: snapshot).matches(doc) { return nil }
    var record = snapshot.record(doc)
    if let retrieve = reader.query.attributesToRetrieve, !retrieve.contains("*") {
      let kept = Set(retrieve.map { String($0.split(separator: ".").first ?? Substring($0)) } + ["objectID"])
      record = record.filter { kept.contains($0.key) }
    }
    if !reader.seesUnretrievableAttributes {
      for attribute in settings.unretrievableAttributes where attribute != "objectID" { record[attribute] = nil }
    }
    return record
  }
}

extension LocalIndex {
  /// The record with `objectID` as `reader` may see it (see ``RecordReader``); `nil` when there is none
  /// or the reader's filters leave it out.
  ///
  /// - Throws: ``EngineError/invalidFilters(_:)`` when the reader's filters do not parse.
  public func record(objectID: String, readBy reader: RecordReader) throws(EngineError) -> [String: JSON]? {
    try view.record(objectID: objectID, readBy: reader)
  }
}

extension LocalReplica {
  /// The record with `objectID` as `reader` may see it, with the replica's `unretrievableAttributes`.
  ///
  /// - Throws: ``EngineError/invalidFilters(_:)`` when the reader's filters do not parse.
  public func record(objectID: String, readBy reader: RecordReader) throws(EngineError) -> [String: JSON]? {
    try view.record(objectID: objectID, readBy: reader)
  }
}
