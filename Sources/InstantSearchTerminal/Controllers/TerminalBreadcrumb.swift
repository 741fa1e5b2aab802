import InstantSearchCore

/// The category path as a breadcrumb: `All › Audio › Headphones`; Left and Right move between the steps,
/// Enter or Space goes up to the one under the cursor (`All` clears the category).
@MainActor
public final class TerminalBreadcrumb: BreadcrumbController, TerminalPanel {
  /// Set by the connection.
  public var onSelect: ((Int?) -> Void)?
  /// The steps, from the top level to the current one.
  public private(set) var items: [BreadcrumbItem] = []
  /// `All`, then the steps, as links (see ``LinkSegments``).
  private var segments = LinkSegments(breadcrumb: [])
  /// The step under the cursor: 0 is `All`, then the steps.
  private var cursor = 0

  /// Creates an empty breadcrumb.
  public init() {}

  /// Takes the steps; the cursor goes to the current one.
  public func setItems(_ items: [BreadcrumbItem]) {
    self.items = items
    segments = LinkSegments(breadcrumb: items)
    cursor = items.count
  }

  /// The breadcrumb as text: `All › Audio › Headphones`.
  public var text: String { segments.links.map(\.title).joined(separator: " › ") }

  /// Draws the steps, the current one bold, the one under the cursor reversed when focused.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    var x = rect.x
    for (position, link) in segments.links.enumerated() {
      if position > 0 { x += screen.write(" › ", x: x, y: rect.y, width: rect.x + rect.width - x, style: [.dim]) }
      var style: CellStyle = link.isCurrent ? [.bold] : []
      if focused, position == cursor { style.insert(.reverse) }
      x += screen.write(link.title, x: x, y: rect.y, width: rect.x + rect.width - x, style: style, ellipsis: true)
    }
  }

  /// Left/Right move; Enter or Space goes up to the step under the cursor.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(items.count, cursor + 1)
    case .enter, .space:
      guard let link = segments[cursor], !link.isCurrent else { return true }
      onSelect?(link.target)
    default: return false
    }
    return true
  }
}
