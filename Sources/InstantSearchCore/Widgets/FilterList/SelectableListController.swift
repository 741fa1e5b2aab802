/// A view of a list whose items the user selects: it shows each item with whether it is selected, and
/// reports clicks.
@MainActor
public protocol SelectableListController<Item>: AnyObject {
  /// The items' type (for a filter list, the filter type).
  associatedtype Item
  /// Called with the item the user clicked.
  var onClick: ((Item) -> Void)? { get set }
  /// Receives the items to show, in order, with whether each is selected.
  func setSelectableItems(selectableItems: [SelectableItem<Item>])
  /// Asks the view to redraw.
  func reload()
}

extension SelectableListController {
  /// Does nothing by default.
  public func reload() {}
}
