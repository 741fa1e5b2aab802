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
