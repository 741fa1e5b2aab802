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
