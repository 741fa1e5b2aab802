import InstantSearchCore

/// A refinement list: `[x] value  count` rows, then a `more…` / `less` row when the list can show more;
/// arrows move, Space or Enter toggles the value (or shows more or fewer).
@MainActor
public final class TerminalFacetList: FacetListShowMoreController, TerminalPanel {
  /// Set by the connection.
  public var onClick: ((Facet) -> Void)?
  /// Set by the connection: what Space on the "show more" row does.
  public var onToggleShowMore: (() -> Void)?
  /// The panel's title.
  public let title: String
  /// The rows, the "show more" row included.
  public private(set) var rows = FacetListRows()
  /// The values shown.
  public var items: [SelectableItem<Facet>] {
    rows.rows.map { SelectableItem(item: $0.facet, isSelected: $0.isSelected) }
  }
  private var cursor = ListCursor()

  /// Creates a list titled `title`.
  public init(title: String) {
    self.title = title
  }

  /// Takes the rows.
  public func setSelectableItems(selectableItems: [SelectableItem<Facet>]) {
    let showMore = rows.showMore
    rows = FacetListRows(selectableItems)
    rows.setShowMore(isShowingMore: showMore?.isShowingMore ?? false, canToggle: showMore != nil)
    cursor.fit(count: rows.count, visible: rows.count)
  }

  /// Shows or hides the "show more" row (`more…` / `less`) after the values.
  public func setShowMore(isShowingMore: Bool, canToggle: Bool) {
    rows.setShowMore(isShowingMore: isShowingMore, canToggle: canToggle)
    cursor.fit(count: rows.count, visible: rows.count)
  }

  /// Nothing to do: the next frame reads the rows.
  public func reload() {}

  /// Draws the title and one row per value.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    screen.title(title, in: rect, focused: focused)
    let visible = rect.height - 1
    cursor.fit(count: rows.count, visible: visible)
    for index in cursor.top..<min(rows.count, cursor.top + max(visible, 0)) {
      let y = rect.y + 1 + index - cursor.top
      if let row = rows[index] {
        let count = String(row.facet.count)
        let label = (row.isSelected ? "[x] " : "[ ] ") + row.title
        screen.write(label, x: rect.x, y: y, width: rect.width - count.count - 1)
        screen.write(count, x: rect.x + rect.width - count.count, y: y, style: [.dim])
      } else if let showMore = rows.showMore {
        screen.write(
          showMore.isShowingMore ? "    less" : "    more…", x: rect.x, y: y, width: rect.width, style: [.dim])
      }
      if focused, index == cursor.index { screen.addStyle(.reverse, x: rect.x, y: y, width: rect.width) }
    }
  }

  /// Moves the cursor or toggles the value under it.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .up: cursor.move(by: -1, count: rows.count)
    case .down: cursor.move(by: 1, count: rows.count)
    case .enter, .space:
      if rows.isShowMoreRow(cursor.index) {
        onToggleShowMore?()
      } else if let facet = rows.facet(at: cursor.index) {
        onClick?(facet)
      }
    default: return false
    }
    return true
  }
}
