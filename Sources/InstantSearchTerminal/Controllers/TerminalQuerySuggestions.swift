import InstantSearchCore

/// Query suggestions as a drop-down under the search box: the typed words highlighted, Up/Down move,
/// Enter or Space picks one (it becomes the query).
@MainActor
public final class TerminalQuerySuggestions: QuerySuggestionsController, TerminalPanel {
  /// Set by the connection.
  public var onSelect: ((QuerySuggestion) -> Void)?
  /// The suggestions shown.
  public private(set) var suggestions: [QuerySuggestion] = []
  private var cursor = ListCursor()

  /// Creates an empty list.
  public init() {}

  /// Takes the suggestions; the cursor goes back to the first.
  public func setSuggestions(_ suggestions: [QuerySuggestion]) {
    self.suggestions = suggestions
    cursor = ListCursor()
  }

  /// Draws one suggestion a row, boxed by a left bar; the one under the cursor reversed when focused.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    cursor.fit(count: suggestions.count, visible: rect.height)
    for row in 0..<min(rect.height, suggestions.count - cursor.top) {
      let index = cursor.top + row
      let y = rect.y + row
      screen.write(String(repeating: " ", count: rect.width), x: rect.x, y: y, width: rect.width)
      let suggestion = suggestions[index]
      var runs: [(String, CellStyle)] = [("│ ", [.dim])]
      runs += Self.runs(suggestion.highlighted ?? suggestion.query)
      screen.write(runs, x: rect.x, y: y, width: rect.width, ellipsis: true)
      if focused, index == cursor.index { screen.addStyle(.reverse, x: rect.x, y: y, width: rect.width) }
    }
  }

  /// Moves the cursor or picks the suggestion under it.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .up: cursor.move(by: -1, count: suggestions.count)
    case .down: cursor.move(by: 1, count: suggestions.count)
    case .enter, .space:
      guard suggestions.indices.contains(cursor.index) else { return false }
      onSelect?(suggestions[cursor.index])
    default: return false
    }
    return true
  }

  /// Whether the cursor is on the first suggestion (Up from there goes back to the search box).
  public var isAtTop: Bool { cursor.index == 0 }

  /// Plain and highlighted runs of a `<em>`-tagged text.
  static func runs(_ text: String) -> [(String, CellStyle)] {
    HighlightedString(string: text).runs.map { ($0.text, $0.isHighlighted ? [.bold] : []) }
  }
}
