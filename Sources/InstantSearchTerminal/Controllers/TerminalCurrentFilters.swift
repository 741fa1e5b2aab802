import InstantSearchCore

/// Current filters as chips on a few rows; Left/Right (or Up/Down) move, Backspace, Delete, Space or
/// Enter remove the filter under the cursor.
@MainActor
public final class TerminalCurrentFilters: CurrentFiltersController, TerminalPanel {
  /// Set by the connection.
  public var onRemoveItem: ((FilterAndID) -> Void)?
  /// The filters shown.
  public private(set) var items: [FilterAndID] = []
  private var cursor = 0

  /// Creates an empty panel.
  public init() {}

  /// Takes the filters.
  public func setItems(_ item: [FilterAndID]) {
    items = item
    cursor = min(cursor, max(0, items.count - 1))
  }

  /// Nothing to do: the next frame reads the items.
  public func reload() {}

  /// Draws `Filters:` and the chips, wrapping onto the panel's rows.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    let label = "Filters: "
    var x = rect.x + screen.write(label, x: rect.x, y: rect.y, style: focused ? [.bold, .reverse] : [.bold])
    var y = rect.y
    if items.isEmpty { screen.write("none", x: x, y: y, style: [.dim]) }
    for (position, item) in items.enumerated() {
      let chip = "[\(item.text) x]"
      if x + chip.count > rect.x + rect.width, x > rect.x + label.count {
        y += 1
        x = rect.x + label.count
      }
      guard y < rect.y + rect.height else { break }
      let style: CellStyle = focused && position == cursor ? [.reverse] : []
      x += screen.write(chip, x: x, y: y, width: rect.x + rect.width - x, style: style)
      x += 1
    }
  }

  /// Moves between filters or removes one.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .left, .up: cursor = max(0, cursor - 1)
    case .right, .down: cursor = min(max(0, items.count - 1), cursor + 1)
    case .backspace, .delete, .space, .enter:
      guard items.indices.contains(cursor) else { return true }
      onRemoveItem?(items[cursor])
    default: return false
    }
    return true
  }
}

/// A `[Clear all]` button.
@MainActor
public final class TerminalClearButton: FilterClearController, TerminalPanel {
  /// Set by the connection.
  public var onClick: (() -> Void)?

  /// Creates a button.
  public init() {}

  /// Draws the button.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    screen.write("[Clear all]", x: rect.x, y: rect.y, width: rect.width, style: focused ? [.bold, .reverse] : [.bold])
  }

  /// Space or Enter clear.
  public func handle(_ key: KeyEvent) -> Bool {
    guard key == .enter || key == .space else { return false }
    onClick?()
    return true
  }
}
