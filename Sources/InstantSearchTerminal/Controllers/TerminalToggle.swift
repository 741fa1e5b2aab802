import InstantSearchCore

/// A filter toggle: `[x] Free shipping`; Space or Enter flips it.
@MainActor
public final class TerminalToggle<F: FilterType>: SelectableController, TerminalPanel {
  /// The filter toggled.
  public typealias Item = F
  /// Set by the connection.
  public var onClick: ((Bool) -> Void)?
  /// The text after the box.
  public let title: String
  /// Whether the filter is on.
  public private(set) var isOn = false

  /// Creates a toggle labelled `title`.
  public init(title: String) {
    self.title = title
  }

  /// Shows the state.
  public func setSelected(_ isSelected: Bool) { isOn = isSelected }

  /// Draws `[x] title`.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    screen.write(
      (isOn ? "[x] " : "[ ] ") + title, x: rect.x, y: rect.y, width: rect.width, style: focused ? [.reverse] : [])
  }

  /// Flips the toggle.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .enter, .space: onClick?(!isOn)
    default: return false
    }
    return true
  }
}
