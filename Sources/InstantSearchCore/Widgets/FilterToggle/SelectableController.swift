/// A view of one item that is on or off: a switch, a check box, a toggle button.
@MainActor
public protocol SelectableController<Item>: AnyObject {
  /// What the view shows (for a filter toggle, the filter).
  associatedtype Item
  /// Called with the state the user chose (`true`: on).
  var onClick: ((Bool) -> Void)? { get set }
  /// Receives the item to show.
  func setItem(_ item: Item)
  /// Receives whether the item is on.
  func setSelected(_ isSelected: Bool)
}

extension SelectableController {
  /// Does nothing: views that show only the on/off state need not implement it.
  public func setItem(_ item: Item) {}
}
