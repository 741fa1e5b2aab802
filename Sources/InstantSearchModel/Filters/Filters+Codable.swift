/// The versioned JSON snapshot of ``Filters``:
///
/// ```json
/// {"version":1,"groups":[
///   {"type":"and","name":"main","filters":[{"type":"tag","value":"sale"}]},
///   {"type":"or","name":"colors","filterType":"facet","filters":[{"type":"facet","attribute":"color","value":"red"}]}
/// ]}
/// ```
///
/// Values are stored raw (unescaped). Decoding ignores unknown keys and throws a `DecodingError` naming
/// the coding path for malformed input: a missing or newer `version`, an unknown group type, a filter that
/// its group cannot hold, an invalid range or a non-finite number.
extension Filters: Codable {
  /// The snapshot format this version writes and reads.
  public static let snapshotVersion = 1

  private enum CodingKeys: String, CodingKey {
    case version, groups
  }

  /// Decodes a snapshot.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let version = try container.decode(Int.self, forKey: .version)
    guard version == Self.snapshotVersion else {
      throw DecodingError.dataCorruptedError(
        forKey: .version, in: container,
        debugDescription:
          "unsupported filters snapshot version \(version); this library reads version \(Self.snapshotVersion)")
    }
    self.init()
    for group in try container.decode([FilterGroup].self, forKey: .groups) {
      add(contentsOf: group.filters, to: group.id)
    }
  }

  /// Encodes the snapshot, groups in rendering order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.snapshotVersion, forKey: .version)
    try container.encode(toFilterGroups(), forKey: .groups)
  }
}
