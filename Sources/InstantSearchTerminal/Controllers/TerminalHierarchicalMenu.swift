import InstantSearchCore

/// A category tree: one row per value, indented by level, `▾` on the selected path and `▸` elsewhere
/// (a value of the last level, which opens nothing, has no arrow: `✓` when selected), with its count; arrows move, Space or Enter selects (or, on the deepest selected value, goes back up).
@MainActor
public final class TerminalHierarchicalMenu: HierarchicalController, TerminalPanel {
  /// Set by the connection.
  public var onClick: ((String) -> Void)?
  /// The panel's title.
  public let title: String
  /// What separates the levels in a value; a row shows the part after the last one.
  public let separator: String
  /// How many levels the tree has (its attributes), when known: values of the last one are leaves.
  public let levels: Int?
  /// The rows shown.
  public private(set) var rows: [HierarchicalFacet] = []
  private var cursor = ListCursor()

  /// Creates a menu titled `title`, over `levels` attributes when known.
  public init(title: String, separator: String = " > ", levels: Int? = nil) {
    self.title = title
    self.separator = separator
    self.levels = levels
  }

  /// Takes the rows, keeping the cursor on the same value when it is still shown.
  public func setItem(_ item: [HierarchicalFacet]) {
    let current = rows.indices.contains(cursor.index) ? rows[cursor.index].facet.value : nil
    rows = item
    if let current, let index = rows.firstIndex(where: { $0.facet.value == current }) { cursor.index = index }
    cursor.fit(count: rows.count, visible: rows.count)
  }

  /// Draws the title and the rows.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    screen.title(title, in: rect, focused: focused)
    let visible = rect.height - 1
    cursor.fit(count: rows.count, visible: visible)
    for index in cursor.top..<min(rows.count, cursor.top + max(visible, 0)) {
      let y = rect.y + 1 + index - cursor.top
      let row = rows[index]
      let count = String(row.facet.count)
      let isLeaf = levels.map { row.level >= $0 - 1 } ?? false
      let mark = isLeaf ? (row.isSelected ? "✓ " : "  ") : (row.isSelected ? "▾ " : "▸ ")
      let label = String(repeating: "  ", count: row.level) + mark + row.name(separator: separator)
      screen.write(label, x: rect.x, y: y, width: rect.width - count.count - 1, style: row.isSelected ? [.bold] : [])
      screen.write(count, x: rect.x + rect.width - count.count, y: y, style: [.dim])
      if focused, index == cursor.index { screen.addStyle(.reverse, x: rect.x, y: y, width: rect.width) }
    }
  }

  /// Moves the cursor or selects the value under it.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .up: cursor.move(by: -1, count: rows.count)
    case .down: cursor.move(by: 1, count: rows.count)
    case .enter, .space:
      if rows.indices.contains(cursor.index) { onClick?(rows[cursor.index].facet.value) }
    default: return false
    }
    return true
  }
}
