#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// A refinement list in SwiftUI: one view per facet value, built by your closure (or ``FacetRow``);
  /// a tap on a value toggles it. With a presenter that has a `showMoreLimit`, a "Show more" button follows
  /// the values when there is more to show.
  ///
  /// ```swift
  /// struct ContentView: View {
  ///   @ObservedObject var facetListController: FacetListObservableController
  ///
  ///   var body: some View {
  ///     FacetList(facetListController) { facet, isSelected in
  ///       FacetRow(facet: facet, isSelected: isSelected)
  ///     }
  ///   }
  /// }
  /// ```
  ///
  /// The controller is a `FacetListObservableController` connected like any facet list controller
  /// (`FacetListConnector` or `FacetListInteractor.connectController`). The values come in the
  /// presenter's order, identified by value. Put the list in a `ScrollView` or a `List` as the screen
  /// needs; it adds no container of its own. With `noResults` (as InstantSearch iOS's getting-started
  /// guide writes it), that view shows while there are no values.
  @MainActor
  public struct FacetList<Row: View, NoResults: View>: View {
    /// The state shown: the values and the selection.
    @ObservedObject public var facetListController: FacetListObservableController
    private let row: (Facet, Bool) -> Row
    private let noResults: (() -> NoResults)?

    /// Shows the values of `facetListController`, each built by `row` from the value and whether it is
    /// selected, and `noResults` while there are none.
    public init(
      _ facetListController: FacetListObservableController,
      @ViewBuilder row: @escaping (_ facet: Facet, _ isSelected: Bool) -> Row,
      @ViewBuilder noResults: @escaping () -> NoResults
    ) {
      _facetListController = ObservedObject(wrappedValue: facetListController)
      self.row = row
      self.noResults = noResults
    }

    /// The rows, then a "Show more" / "Show less" button when the list can show more (its presenter has a
    /// `showMoreLimit` and there is more to show).
    public var body: some View {
      if let noResults, facetListController.facets.isEmpty {
        noResults()
      } else {
        rows
      }
    }

    @ViewBuilder private var rows: some View {
      ForEach(facetListController.facets, id: \.value) { facet in
        let isSelected = facetListController.isSelected(facet)
        row(facet, isSelected)
          .contentShape(Rectangle())
          .onTapGesture { facetListController.toggle(facet) }
          .accessibilityAddTraits(isSelected ? [.isButton, .isSelected] : [.isButton])
      }
      if facetListController.canToggleShowMore {
        let showMore = FacetListRows.ShowMore(isShowingMore: facetListController.isShowingMore)
        Button(showMore.title) { facetListController.toggleShowMore() }
      }
    }
  }

  extension FacetList where NoResults == Never {
    /// Shows the values of `facetListController`, each built by `row` from the value and whether it is
    /// selected (nothing while there are none).
    public init(
      _ facetListController: FacetListObservableController,
      @ViewBuilder row: @escaping (_ facet: Facet, _ isSelected: Bool) -> Row
    ) {
      _facetListController = ObservedObject(wrappedValue: facetListController)
      self.row = row
      self.noResults = nil
    }
  }
#endif
