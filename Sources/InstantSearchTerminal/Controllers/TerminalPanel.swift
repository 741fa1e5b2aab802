import InstantSearchCore

/// A panel of the terminal screen: it draws itself into a rectangle and reacts to keys when focused.
@MainActor
public protocol TerminalPanel: AnyObject {
  /// Draws the panel into `rect`; `focused` panels show where the keys go.
  func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool)
  /// Handles a key; returns whether the panel used it.
  func handle(_ key: KeyEvent) -> Bool
}

/// A cursor over a list of rows that keeps itself visible in a window of rows.
struct ListCursor: Hashable, Sendable {
  /// The row under the cursor.
  var index = 0
  /// The first row shown.
  var top = 0

  /// Moves by `delta` within `count` rows.
  mutating func move(by delta: Int, count: Int) {
    index = count == 0 ? 0 : min(max(0, index + delta), count - 1)
  }

  /// Clamps to `count` rows and scrolls so that the cursor shows among `visible` rows.
  mutating func fit(count: Int, visible: Int) {
    index = count == 0 ? 0 : min(index, count - 1)
    if index < top { top = index }
    if visible > 0, index >= top + visible { top = index - visible + 1 }
    top = max(0, min(top, max(0, count - visible)))
  }
}

extension ScreenBuffer {
  /// Draws a panel title (reversed when focused) on the first row of `rect`.
  mutating func title(_ text: String, in rect: Rect, focused: Bool) {
    write(text, x: rect.x, y: rect.y, width: rect.width, style: focused ? [.bold, .reverse] : [.bold])
  }
}
