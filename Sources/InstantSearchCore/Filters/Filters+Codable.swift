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

  private enum GroupKeys: String, CodingKey {
    case type, name, filterType, filters
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
    var groups = try container.nestedUnkeyedContainer(forKey: .groups)
    while !groups.isAtEnd {
      let group = try groups.nestedContainer(keyedBy: GroupKeys.self)
      let id = try Self.decodeID(group)
      let filters = try group.decode([Filter].self, forKey: .filters)
      for filter in filters where !add(filter, to: id) {
        guard id.accepts(filter.kind) else {
          throw DecodingError.dataCorruptedError(
            forKey: .filters, in: group, debugDescription: "group \(id) cannot hold a \(filter.kind) filter")
        }
      }
    }
  }

  private static func decodeID(_ group: KeyedDecodingContainer<GroupKeys>) throws -> FilterGroup.ID {
    let name = try group.decode(String.self, forKey: .name)
    let type = try group.decode(String.self, forKey: .type)
    switch type {
    case "and": return .and(name: name)
    case "hierarchical": return .hierarchical(name: name)
    case "or": return .or(name: name, filterType: try group.decode(FilterKind.self, forKey: .filterType))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: group, debugDescription: "unknown group type '\(type)'; expected and, or or hierarchical")
    }
  }

  /// Encodes the snapshot, groups in rendering order.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(Self.snapshotVersion, forKey: .version)
    var groups = container.nestedUnkeyedContainer(forKey: .groups)
    for group in toFilterGroups() {
      var object = groups.nestedContainer(keyedBy: GroupKeys.self)
      switch group.id {
      case .and(let name):
        try object.encode("and", forKey: .type)
        try object.encode(name, forKey: .name)
      case .hierarchical(let name):
        try object.encode("hierarchical", forKey: .type)
        try object.encode(name, forKey: .name)
      case .or(let name, let kind):
        try object.encode("or", forKey: .type)
        try object.encode(name, forKey: .name)
        try object.encode(kind, forKey: .filterType)
      }
      try object.encode(group.filters, forKey: .filters)
    }
  }
}
