import Foundation

/// A hit decoded into the app's record type, with its metadata: InstantSearch iOS's `Hit<Record>`, as in
/// `HitsConnector<Hit<Product>>` and `hit.object.name`.
///
/// The record is decoded from the hit object (its own attributes; the `_…` members are the metadata
/// here), so `Record` needs only the attributes it shows. Highlighting and snippets read through
/// ``HitHighlighting``:
///
/// ```swift
/// let hit = try JSONDecoder().decode(Hit<Product>.self, from: data)
/// print(hit.object.name, hit.hightlightedString(forKey: "name")?.runs ?? [])
/// ```
public struct Hit<Record: Decodable & Sendable>: Sendable, HitHighlighting {
  /// The decoded record.
  public let object: Record
  /// The record's identifier.
  public let objectID: String
  /// The raw `_highlightResult` object, if the engine sent one.
  public let highlightResult: [String: JSON]?
  /// The raw `_snippetResult` object, if the engine sent one.
  public let snippetResult: [String: JSON]?
  /// The raw `_rankingInfo` object (sent with `getRankingInfo`).
  public let rankingInfo: [String: JSON]?
  /// The hit's place among those sharing its distinct value (`_distinctSeqID`, with `distinct` above 1).
  public let distinctSeqID: Int?
  /// The points of the record's `_geoloc` (see ``Geolocated``).
  public let geolocation: [Point]

  /// A hit of `object` with the metadata given.
  public init(
    object: Record, objectID: String, highlightResult: [String: JSON]? = nil, snippetResult: [String: JSON]? = nil,
    rankingInfo: [String: JSON]? = nil, distinctSeqID: Int? = nil, geolocation: [Point] = []
  ) {
    self.object = object
    self.geolocation = geolocation
    self.objectID = objectID
    self.highlightResult = highlightResult
    self.snippetResult = snippetResult
    self.rankingInfo = rankingInfo
    self.distinctSeqID = distinctSeqID
  }

  /// Decodes `raw`'s record as `Record` and takes its metadata.
  ///
  /// - Throws: ``ResponseDecodingError`` naming the attribute that does not fit `Record`.
  public init(_ raw: SearchHit) throws(ResponseDecodingError) {
    let distinct = raw.object["_distinctSeqID"]?.doubleValue
    self.init(
      object: try raw.decode(as: Record.self), objectID: raw.objectID, highlightResult: raw.highlightResult,
      snippetResult: raw.snippetResult, rankingInfo: raw.object["_rankingInfo"]?.objectValue,
      distinctSeqID: distinct.flatMap { $0.rounded() == $0 && abs($0) <= 1e15 ? Int($0) : nil },
      geolocation: raw.geolocation)
  }
}

extension Hit: Decodable {
  /// Decodes a hit object: the record from its attributes, the metadata from its `_…` members.
  public init(from decoder: any Decoder) throws {
    let raw = try SearchHit(from: decoder)
    do {
      try self.init(raw)
    } catch {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "\(error.path): \(error.message)"))
    }
  }
}

extension Hit: Encodable where Record: Encodable {
  /// Encodes the hit object as the engine sends it: the record's attributes with `objectID` and the
  /// metadata present.
  public func encode(to encoder: any Encoder) throws {
    let data = try JSONEncoder().encode(object)
    var members = try JSONDecoder().decodeBounded([String: JSON].self, from: data)
    members["objectID"] = .string(objectID)
    members["_highlightResult"] = highlightResult.map(JSON.object)
    members["_snippetResult"] = snippetResult.map(JSON.object)
    members["_rankingInfo"] = rankingInfo.map(JSON.object)
    members["_distinctSeqID"] = distinctSeqID.map { .number(Double($0)) }
    if !geolocation.isEmpty {
      let points = geolocation.map { JSON.object(["lat": .number($0.latitude), "lng": .number($0.longitude)]) }
      members["_geoloc"] = points.count == 1 ? points[0] : .array(points)
    }
    try members.encode(to: encoder)
  }
}

/// A type made straight from a raw hit, without going through JSON text (what the hits widgets use for
/// ``Hit``).
package protocol SearchHitDecodable {
  /// Makes the value of `raw`.
  init(_ raw: SearchHit) throws(ResponseDecodingError)
}

extension Hit: SearchHitDecodable {}
extension Hit: Geolocated {}
extension Hit: Equatable where Record: Equatable {}
extension Hit: Hashable where Record: Hashable {}
