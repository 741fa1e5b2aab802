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
