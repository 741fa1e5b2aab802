#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// A hierarchical menu in SwiftUI: one view per row (a value, its level, whether it is on the selected
  /// path), built by your closure or ``HierarchicalFacetRow``; a tap selects.
  ///
  /// ```swift
  /// HierarchicalList(hierarchicalController) { facet, nestingLevel, isSelected in
  ///   HierarchicalFacetRow(facet: facet, nestingLevel: nestingLevel, isSelected: isSelected)
  /// }
  /// ```
  @MainActor
  public struct HierarchicalList<Row: View>: View {
    /// The state shown: the rows.
    @ObservedObject public var hierarchicalObservableController: HierarchicalObservableController
    private let row: (Facet, Int, Bool) -> Row

    /// Shows the rows of `hierarchicalObservableController`, each built by `row` from the value, its level
    /// and whether it is selected.
    public init(
      _ hierarchicalObservableController: HierarchicalObservableController,
      @ViewBuilder row: @escaping (_ facet: Facet, _ nestingLevel: Int, _ isSelected: Bool) -> Row
    ) {
      _hierarchicalObservableController = ObservedObject(wrappedValue: hierarchicalObservableController)
      self.row = row
    }

    /// One row per value, the selected path expanded.
    public var body: some View {
      ForEach(hierarchicalObservableController.items, id: \.facet.value) { item in
        row(item.facet, item.level, item.isSelected)
          .contentShape(Rectangle())
          .onTapGesture { hierarchicalObservableController.select(item.facet.value) }
          .accessibilityAddTraits(item.isSelected ? [.isButton, .isSelected] : [.isButton])
      }
    }
  }
#endif
