/// How results should be shown, as an index's settings say (Algolia's `renderingContent`): today, the
/// order of the facets and of their values, set by merchandisers rather than by the app.
///
/// ```json
/// {"facetOrdering": {"facets": {"order": ["brand", "color"]},
///                    "values": {"brand": {"order": ["Sony"], "sortRemainingBy": "count", "hide": ["Acme"]}}}}
/// ```
public struct RenderingContent: Hashable, Sendable, Codable {
  /// The order of the facets and of their values.
  public var facetOrdering: FacetOrdering?

  /// Creates rendering content.
  public init(facetOrdering: FacetOrdering? = nil) {
    self.facetOrdering = facetOrdering
  }

  /// The order of the facets and of their values.
  public struct FacetOrdering: Hashable, Sendable, Codable {
    /// Which facets show, in which order.
    public var facets: FacetsOrder?
    /// Per facet attribute, how its values are ordered.
    public var values: [String: FacetValuesOrder]?

    /// Creates an ordering.
    public init(facets: FacetsOrder? = nil, values: [String: FacetValuesOrder]? = nil) {
      self.facets = facets
      self.values = values
    }
  }

  /// Which facets show, in which order.
  public struct FacetsOrder: Hashable, Sendable, Codable {
    /// The attributes shown, in order; `"*"` stands for every other attribute of the results (by name).
    /// An attribute not listed, without `"*"`, is not shown.
    public var order: [String]?

    /// Creates a facet order.
    public init(order: [String]? = nil) {
      self.order = order
    }
  }

  /// How the values of one facet are ordered.
  public struct FacetValuesOrder: Hashable, Sendable, Codable {
    /// Values pinned first, in this order (those present in the results).
    public var order: [String]?
    /// How the other values follow: by count (the default), alphabetically, or not at all.
    public var sortRemainingBy: SortRule?
    /// Values never shown.
    public var hide: [String]?

    /// Creates a value order.
    public init(order: [String]? = nil, sortRemainingBy: SortRule? = nil, hide: [String]? = nil) {
      self.order = order
      self.sortRemainingBy = sortRemainingBy
      self.hide = hide
    }
  }

  /// How the values not pinned are ordered.
  public enum SortRule: String, Hashable, Sendable, Codable {
    /// By decreasing count, then by value.
    case count
    /// By value (byte order).
    case alpha
    /// Not shown: only the pinned values show.
    case hidden
  }
}
