import InstantSearchCore

/// A refinement list: `[x] value  count` rows; arrows move, Space or Enter toggles.
@MainActor
public final class TerminalFacetList: FacetListController, TerminalPanel {
  /// Set by the connection.
  public var onClick: ((Facet) -> Void)?
  /// The panel's title.
  public let title: String
  /// The rows.
  public private(set) var items: [SelectableItem<Facet>] = []
  private var cursor = ListCursor()

  /// Creates a list titled `title`.
  public init(title: String) {
    self.title = title
  }

  /// Takes the rows.
  public func setSelectableItems(selectableItems: [SelectableItem<Facet>]) {
    items = selectableItems
    cursor.fit(count: items.count, visible: items.count)
  }

  /// Nothing to do: the next frame reads the rows.
  public func reload() {}

  /// Draws the title and one row per value.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    screen.title(title, in: rect, focused: focused)
    let visible = rect.height - 1
    cursor.fit(count: items.count, visible: visible)
    for (row, item) in items.dropFirst(cursor.top).prefix(visible).enumerated() {
      let y = rect.y + 1 + row
      let count = String(item.item.count)
      let label = (item.isSelected ? "[x] " : "[ ] ") + item.item.value
      screen.write(label, x: rect.x, y: y, width: rect.width - count.count - 1)
      screen.write(count, x: rect.x + rect.width - count.count, y: y, style: [.dim])
      if focused, cursor.top + row == cursor.index { screen.addStyle(.reverse, x: rect.x, y: y, width: rect.width) }
    }
  }

  /// Moves the cursor or toggles the value under it.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .up: cursor.move(by: -1, count: items.count)
    case .down: cursor.move(by: 1, count: items.count)
    case .enter, .space:
      guard items.indices.contains(cursor.index) else { return true }
      onClick?(items[cursor.index].item)
    default: return false
    }
    return true
  }
}
