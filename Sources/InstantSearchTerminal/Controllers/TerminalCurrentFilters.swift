import InstantSearchCore

/// Current filters as chips on one row; Left/Right (or Up/Down) move, Backspace, Delete, Space or
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

  /// Draws `Filters:` and the chips on the panel's first row: as many as fit, starting early enough that
  /// the chip under the cursor shows (`‹` when some are before), and `+N` for the chips that do not fit.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    let label = "Filters: "
    let start = rect.x + screen.write(label, x: rect.x, y: rect.y, style: focused ? [.bold, .reverse] : [.bold])
    guard !items.isEmpty else {
      screen.write("none", x: start, y: rect.y, style: [.dim])
      return
    }
    let chips = items.map { "[\($0.text) x]" }
    let end = rect.x + rect.width
    // Room kept at the end for "+N" while chips are left out.
    let reserve = " +\(chips.count)".count
    func width(_ range: ClosedRange<Int>) -> Int { chips[range].reduce(0) { $0 + $1.count + 1 } }
    var first = 0
    while first < cursor, start + 2 + width(first...cursor) > end - reserve { first += 1 }
    var x = start
    if first > 0 { x += screen.write("‹ ", x: x, y: rect.y, style: [.dim]) }
    for position in first..<chips.count {
      let isLast = position == chips.count - 1
      guard x + chips[position].count <= end - (isLast ? 0 : reserve) else {
        screen.write("+\(chips.count - position)", x: x, y: rect.y, width: max(0, end - x), style: [.dim])
        return
      }
      let style: CellStyle = focused && position == cursor ? [.reverse] : []
      x += screen.write(chips[position], x: x, y: rect.y, width: end - x, style: style) + 1
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
