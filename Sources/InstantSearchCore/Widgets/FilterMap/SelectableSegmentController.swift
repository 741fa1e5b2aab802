/// A view of a filter map (a segmented control): it shows the items by key and reports clicks.
@MainActor
public protocol SelectableSegmentController: AnyObject {
  /// Called with the key the user clicked.
  var onClick: ((Int) -> Void)? { get set }

  /// Receives the selected key (`nil` for none).
  func setSelected(_ selected: Int?)

  /// Receives the items' texts by key.
  func setItems(items: [Int: String])
}
