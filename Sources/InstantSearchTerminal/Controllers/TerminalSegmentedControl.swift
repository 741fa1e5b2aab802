import InstantSearchCore

/// A segmented control: ` all | 3+ | 4+ ` with the selection reversed; Left/Right move, Space or Enter
/// selects.
@MainActor
public final class TerminalSegmentedControl: SelectableSegmentController, TerminalPanel {
  /// Set by the connection.
  public var onClick: ((Int) -> Void)?
  /// The panel's title.
  public let title: String
  /// The segments' texts by key.
  public private(set) var items: [Int: String] = [:]
  /// The selected key.
  public private(set) var selected: Int?
  /// The title of a first segment meaning "none of the items", if any.
  public let noneTitle: String?
  /// Called when the "none" segment is chosen.
  public var onSelectNone: (() -> Void)?
  private var cursor = 0

  /// Creates a control titled `title`, with a first segment `noneTitle` (such as "all") when given.
  public init(title: String, noneTitle: String? = nil) {
    self.title = title
    self.noneTitle = noneTitle
  }

  /// Takes the segments.
  public func setItems(items: [Int: String]) { self.items = items }

  /// Takes the selected key.
  public func setSelected(_ selected: Int?) {
    self.selected = selected
    if let position = keys.firstIndex(of: selected) { cursor = position }
  }

  /// The segments in order: `nil` for the "none" segment, then the keys in ascending order.
  private var keys: [Int?] { (noneTitle == nil ? [] : [nil]) + items.keys.sorted().map(Optional.some) }

  private func label(_ key: Int?) -> String { key.map { items[$0] ?? "" } ?? noneTitle ?? "" }

  /// Draws `Title:  a | b | c`.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    var x = rect.x + screen.write(title + ": ", x: rect.x, y: rect.y, style: focused ? [.bold, .reverse] : [.bold])
    for (position, key) in keys.enumerated() {
      var style: CellStyle = key == selected ? [.bold] : []
      if focused, position == cursor { style.insert(.reverse) }
      let text = key == selected ? "[\(label(key))]" : " \(label(key)) "
      x += screen.write(text, x: x, y: rect.y, width: rect.x + rect.width - x, style: style)
      x += screen.write(" ", x: x, y: rect.y, width: rect.x + rect.width - x)
    }
  }

  /// Moves between segments or selects one.
  public func handle(_ key: KeyEvent) -> Bool {
    let count = keys.count
    switch key {
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(max(0, count - 1), cursor + 1)
    case .enter, .space:
      guard keys.indices.contains(cursor) else { return true }
      if let key = keys[cursor] { onClick?(key) } else { onSelectNone?() }
    default: return false
    }
    return true
  }
}
