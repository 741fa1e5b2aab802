/// One value of a facet with its count: `Facet(value: "Sony", count: 12)`.
public struct Facet: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The facet value as the engine spells it (`"Sony"`, `"10"`, `"true"`).
  public var value: String
  /// How many matching records hold the value.
  public var count: Int
  /// The value with the matched part highlighted, in facet search results.
  public var highlighted: String?

  /// Creates a facet value.
  public init(value: String, count: Int, highlighted: String? = nil) {
    self.value = value
    self.count = count
    self.highlighted = highlighted
  }

  /// `value (count)`.
  public var description: String { "\(value) (\(count))" }
}

/// Statistics of a numeric facet over the matching records.
public struct FacetStats: Hashable, Sendable, Codable {
  /// The smallest value.
  public var min: Double
  /// The largest value.
  public var max: Double
  /// The mean value, when the engine reports it.
  public var avg: Double?
  /// The sum of the values, when the engine reports it.
  public var sum: Double?

  /// Creates statistics.
  public init(min: Double, max: Double, avg: Double? = nil, sum: Double? = nil) {
    self.min = min
    self.max = max
    self.avg = avg
    self.sum = sum
  }
}

/// The answer to a search for facet values.
public struct FacetSearchResponse: Hashable, Sendable, Codable {
  /// The matching values, best first.
  public var facetHits: [Facet]
  /// Whether the counts are exact.
  public var exhaustiveFacetsCount: Bool
  /// Server processing time.
  public var processingTimeMS: Int?

  /// Creates a response.
  public init(facetHits: [Facet], exhaustiveFacetsCount: Bool = true, processingTimeMS: Int? = nil) {
    self.facetHits = facetHits
    self.exhaustiveFacetsCount = exhaustiveFacetsCount
    self.processingTimeMS = processingTimeMS
  }

  private enum CodingKeys: String, CodingKey {
    case facetHits, exhaustiveFacetsCount, processingTimeMS
  }

  /// Decodes a response; a missing `exhaustiveFacetsCount` means exhaustive.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    facetHits = try container.decode([Facet].self, forKey: .facetHits)
    exhaustiveFacetsCount = try container.decodeIfPresent(Bool.self, forKey: .exhaustiveFacetsCount) ?? true
    processingTimeMS = try container.decodeIfPresent(Int.self, forKey: .processingTimeMS)
  }
}
