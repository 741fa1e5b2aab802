import InstantSearchCore

/// The category path as a breadcrumb: `All › Audio › Headphones`; Left and Right move between the steps,
/// Enter or Space goes up to the one under the cursor (`All` clears the category).
@MainActor
public final class TerminalBreadcrumb: BreadcrumbController, TerminalPanel {
  /// Set by the connection.
  public var onSelect: ((Int?) -> Void)?
  /// The steps, from the top level to the current one.
  public private(set) var items: [BreadcrumbItem] = []
  /// The step under the cursor: 0 is `All`, then the steps.
  private var cursor = 0

  /// Creates an empty breadcrumb.
  public init() {}

  /// Takes the steps; the cursor goes to the current one.
  public func setItems(_ items: [BreadcrumbItem]) {
    self.items = items
    cursor = items.count
  }

  /// The breadcrumb as text: `All › Audio › Headphones`.
  public var text: String { (["All"] + items.map(\.label)).joined(separator: " › ") }

  /// Draws the steps, the current one bold, the one under the cursor reversed when focused.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    var x = rect.x
    let labels = ["All"] + items.map(\.label)
    for (position, label) in labels.enumerated() {
      if position > 0 { x += screen.write(" › ", x: x, y: rect.y, width: rect.x + rect.width - x, style: [.dim]) }
      var style: CellStyle = position == labels.count - 1 ? [.bold] : []
      if focused, position == cursor { style.insert(.reverse) }
      x += screen.write(label, x: x, y: rect.y, width: rect.x + rect.width - x, style: style, ellipsis: true)
    }
  }

  /// Left/Right move; Enter or Space goes up to the step under the cursor.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(items.count, cursor + 1)
    case .enter, .space:
      guard cursor < items.count else { return true }
      onSelect?(cursor == 0 ? nil : items[cursor - 1].level)
    default: return false
    }
    return true
  }
}
