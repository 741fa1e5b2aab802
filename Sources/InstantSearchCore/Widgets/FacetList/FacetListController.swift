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
