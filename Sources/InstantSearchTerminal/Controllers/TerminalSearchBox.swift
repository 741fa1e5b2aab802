import InstantSearchCore

/// A one-line search field: printable keys edit the text, Enter submits.
@MainActor
public final class TerminalSearchBox: SearchBoxController, TerminalPanel {
  /// Set by the connection.
  public var onQueryChanged: ((String?) -> Void)?
  /// Set by the connection.
  public var onQuerySubmitted: ((String?) -> Void)?
  /// The text shown.
  public private(set) var text = ""

  /// Creates an empty field.
  public init() {}

  /// Shows a query set elsewhere.
  public func setQuery(_ query: String?) { text = query ?? "" }

  /// Draws `Search: text▏`.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    let label = "Search: "
    let used = screen.write(label, x: rect.x, y: rect.y, style: focused ? [.bold, .reverse] : [.bold])
    let room = max(0, rect.width - used - 1)
    // `suffix` walks back `room` characters only: counting the whole text on every frame made a long
    // text cost quadratic time over the keys that typed it.
    let shown = String(text.suffix(room))
    let typed = screen.write(shown, x: rect.x + used, y: rect.y, width: room)
    if focused { screen.write("_", x: rect.x + used + typed, y: rect.y, style: [.reverse]) }
  }

  /// Edits the text (printable characters, Backspace) or submits it (Enter).
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .character(let character):
      text.append(character)
    case .backspace, .delete:
      guard !text.isEmpty else { return true }
      text.removeLast()
    case .enter:
      onQuerySubmitted?(text)
      return true
    default:
      return false
    }
    onQueryChanged?(text)
    return true
  }
}
