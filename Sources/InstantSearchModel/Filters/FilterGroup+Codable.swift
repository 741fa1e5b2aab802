/// JSON form of group IDs and groups:
///
/// ```json
/// {"type":"and","name":"g"}
/// {"type":"or","name":"g","filterType":"facet"}
/// {"type":"hierarchical","name":"g"}
/// ```
///
/// A group adds `"filters":[…]` in the JSON form of ``Filter``.
extension FilterGroup.ID: Codable {
  package enum CodingKeys: String, CodingKey {
    case type, name, filterType
  }

  /// Decodes an ID from its JSON object.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let name = try container.decode(String.self, forKey: .name)
    let type = try container.decode(String.self, forKey: .type)
    switch type {
    case "and": self = .and(name: name)
    case "hierarchical": self = .hierarchical(name: name)
    case "or": self = .or(name: name, filterType: try container.decode(FilterKind.self, forKey: .filterType))
    default:
      throw DecodingError.dataCorruptedError(
        forKey: .type, in: container,
        debugDescription: "unknown group type '\(type)'; expected and, or or hierarchical")
    }
  }

  /// Encodes the ID as a JSON object.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    switch self {
    case .and(let name):
      try container.encode("and", forKey: .type)
      try container.encode(name, forKey: .name)
    case .hierarchical(let name):
      try container.encode("hierarchical", forKey: .type)
      try container.encode(name, forKey: .name)
    case .or(let name, let kind):
      try container.encode("or", forKey: .type)
      try container.encode(name, forKey: .name)
      try container.encode(kind, forKey: .filterType)
    }
  }
}

extension FilterGroup: Codable {
  private enum CodingKeys: String, CodingKey {
    case filters
  }

  /// Decodes a group: its ID's keys plus `filters`. Throws when a filter's kind does not fit the group.
  public init(from decoder: any Decoder) throws {
    let id = try FilterGroup.ID(from: decoder)
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let filters = try container.decode([Filter].self, forKey: .filters)
    if let misfit = filters.first(where: { !id.accepts($0.kind) }) {
      throw DecodingError.dataCorruptedError(
        forKey: .filters, in: container, debugDescription: "group \(id) cannot hold a \(misfit.kind) filter")
    }
    self.init(id: id, filters: filters)
  }

  /// Encodes the group: its ID's keys plus `filters`.
  public func encode(to encoder: any Encoder) throws {
    try id.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(filters, forKey: .filters)
  }
}
