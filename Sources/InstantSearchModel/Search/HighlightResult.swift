/// The highlighting of one attribute of a hit.
public struct HighlightResult: Hashable, Sendable {
  /// How much of the query matched.
  public enum MatchLevel: String, Hashable, Sendable {
    /// Nothing matched.
    case none
    /// Some query words matched.
    case partial
    /// Every query word matched.
    case full
  }

  /// The attribute's text with the matches wrapped in the highlight tags.
  public var value: String
  /// How much of the query matched.
  public var matchLevel: MatchLevel
  /// The query words that matched.
  public var matchedWords: [String]
  /// Whether the whole value is highlighted.
  public var fullyHighlighted: Bool?

  /// Reads a `_highlightResult` leaf.
  package init?(json: [String: JSON]) {
    guard let value = json["value"]?.stringValue else { return nil }
    self.value = value
    self.matchLevel = json["matchLevel"]?.stringValue.flatMap(MatchLevel.init(rawValue:)) ?? .none
    self.matchedWords = json["matchedWords"]?.arrayValue?.compactMap(\.stringValue) ?? []
    self.fullyHighlighted = json["fullyHighlighted"]?.boolValue
  }
}
