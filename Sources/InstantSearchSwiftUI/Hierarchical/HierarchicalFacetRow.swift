#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// One value of a hierarchical menu as a row: a chevron (down on the selected path), the value's own
  /// name and its count, indented by level.
  public struct HierarchicalFacetRow: View {
    /// The value (its full path) and its count.
    public let facet: Facet
    /// Its level, 0 for the top one.
    public let nestingLevel: Int
    /// Whether it is on the selected path.
    public let isSelected: Bool
    /// What separates the levels in a value.
    public let separator: String

    /// A row for `facet` at `nestingLevel`.
    public init(facet: Facet, nestingLevel: Int, isSelected: Bool, separator: String = " > ") {
      self.facet = facet
      self.nestingLevel = nestingLevel
      self.isSelected = isSelected
      self.separator = separator
    }

    /// The chevron, the name and the count.
    public var body: some View {
      let name = HierarchicalFacet(facet: facet, level: nestingLevel, isSelected: isSelected).name(separator: separator)
      HStack(spacing: 10) {
        Image(systemName: isSelected ? "chevron.down" : "chevron.right")
        Text("\(name) (\(facet.count))")
        Spacer()
      }
      .padding(.leading, CGFloat(nestingLevel * 20))
      .accessibilityElement(children: .ignore)
      .accessibilityLabel("\(name), \(facet.count)")
    }
  }
#endif
