#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// One facet value as a row: the value, its count, and a checkmark when selected.
  ///
  /// ```swift
  /// FacetList(facetListController) { facet, isSelected in
  ///   FacetRow(facet: facet, isSelected: isSelected)
  /// }
  /// ```
  ///
  /// The texts (and what VoiceOver reads) come from ``FacetListRows/Row``, as in the UIKit list.
  public struct FacetRow: View {
    /// The value and its count.
    public let facet: Facet
    /// Whether the value is refined.
    public let isSelected: Bool

    /// A row for `facet`, checked when `isSelected`.
    public init(facet: Facet, isSelected: Bool) {
      self.facet = facet
      self.isSelected = isSelected
    }

    /// The value, the count and the checkmark.
    public var body: some View {
      let row = FacetListRows.Row(facet: facet, isSelected: isSelected)
      HStack {
        Text(row.title)
        Spacer()
        Text(row.countText)
          .foregroundStyle(.secondary)
        if isSelected {
          Image(systemName: "checkmark")
            .foregroundStyle(Color.accentColor)
        }
      }
      .contentShape(Rectangle())
      .frame(minHeight: 44)
      .accessibilityElement(children: .ignore)
      .accessibilityLabel(row.accessibilityLabel)
    }
  }
#endif
