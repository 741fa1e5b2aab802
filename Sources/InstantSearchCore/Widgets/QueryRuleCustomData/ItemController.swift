/// A view of one item: a banner, a card, a line of text — whatever a widget hands over, once at connection
/// and after each change.
@MainActor
public protocol ItemController<Item>: AnyObject {
  /// What the view shows.
  associatedtype Item
  /// Receives the item to show.
  func setItem(_ item: Item)
}
