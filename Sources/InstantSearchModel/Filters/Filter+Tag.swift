extension Filter {
  /// A tag filter: records whose `_tags` contain `value` (`"_tags":"sale"`). Tags are case-sensitive.
  public struct Tag: FilterType, ExpressibleByStringLiteral {
    /// Always ``Attribute/tags`` (`_tags`).
    public var attribute: Attribute { .tags }
    /// The tag.
    public let value: String
    /// Whether the filter is negated (`NOT "_tags":"sale"`).
    public var isNegated: Bool

    /// Creates a tag filter.
    public init(value: String, isNegated: Bool = false) {
      self.value = value
      self.isNegated = isNegated
    }

    /// Creates a tag filter that is not negated: `Filter.Tag(stringLiteral: "sale")` or `"sale"`.
    public init(stringLiteral value: String) {
      self.init(value: value)
    }

    /// Extracts a tag filter, or `nil` when `filter` is of another kind.
    public init?(_ filter: Filter) {
      guard case .tag(let tag) = filter else { return nil }
      self = tag
    }

    /// Wraps the filter as ``Filter/tag(_:)``.
    public func eraseToFilter() -> Filter { .tag(self) }
  }
}

extension Filter.Tag: CustomStringConvertible {
  /// The tag itself, e.g. `on sale`. Negation is not shown.
  public var description: String { value }
}
