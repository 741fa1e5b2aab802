#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// A filter list in SwiftUI: one view per filter the developer defined, built by your closure; a tap
  /// selects or deselects it.
  ///
  /// ```swift
  /// FilterList(filterListController) { filter, isSelected in
  ///   HStack { Text(filterListController.title(of: filter)); if isSelected { Image(systemName: "checkmark") } }
  /// }
  /// ```
  ///
  /// The controller is a `FilterListObservableController` connected like any filter list controller
  /// (`FilterListConnector` or `FilterListInteractor.connectController`).
  @MainActor
  public struct FilterList<F: FilterType, Row: View>: View {
    /// The state shown: the filters and the selection.
    @ObservedObject public var filterListController: FilterListObservableController<F>
    private let row: (F, Bool) -> Row

    /// Shows the filters of `filterListController`, each built by `row` from the filter and whether it is
    /// selected.
    public init(
      _ filterListController: FilterListObservableController<F>,
      @ViewBuilder row: @escaping (_ filter: F, _ isSelected: Bool) -> Row
    ) {
      _filterListController = ObservedObject(wrappedValue: filterListController)
      self.row = row
    }

    /// One row per filter, in the list's order.
    public var body: some View {
      ForEach(filterListController.filters, id: \.self) { filter in
        let isSelected = filterListController.isSelected(filter)
        row(filter, isSelected)
          .contentShape(Rectangle())
          .onTapGesture { filterListController.toggle(filter) }
          .accessibilityAddTraits(isSelected ? [.isButton, .isSelected] : [.isButton])
      }
    }
  }
#endif
