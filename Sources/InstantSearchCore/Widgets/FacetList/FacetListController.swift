/// A view of a facet list: it shows selectable facet values and reports clicks.
@MainActor
public protocol FacetListController: AnyObject {
  /// Called with the value the user clicked.
  var onClick: ((Facet) -> Void)? { get set }

  /// Receives the values to show, in order, with whether each is selected.
  func setSelectableItems(selectableItems: [SelectableItem<Facet>])

  /// Asks the view to redraw.
  func reload()
}

extension FacetListController {
  /// Does nothing by default.
  public func reload() {}
}

/// A facet list view with a "show more" / "show less" control. A ``FacetListController`` that also conforms
/// to it gets the state of the control with each update, and reports its taps.
@MainActor
public protocol FacetListShowMoreController: FacetListController {
  /// Called when the user taps "show more" (or "show less").
  var onToggleShowMore: (() -> Void)? { get set }

  /// Receives whether more values are shown, and whether the control has anything to do (hide it when not).
  func setShowMore(isShowingMore: Bool, canToggle: Bool)
}
