import InstantSearchCore

/// Hits as rows of two lines — the name with the matched words highlighted, then brand, category and price
/// — and a third with the snippet of ``snippetAttribute`` (the matched words highlighted) when set. Up/Down
/// scroll; reading rows near the end loads the next page when the interactor scrolls infinitely.
@MainActor
public final class TerminalHitsList: HitsController, TerminalPanel {
  /// Set by the connection.
  public weak var hitsSource: HitsInteractor<SearchHit>?
  /// Stats shown in the title row.
  public var stats: String?
  /// The attribute whose snippet shows on a third line of each row (`nil`: two-line rows). The request
  /// must ask for its snippet (`attributesToSnippet`); a hit without one shows the start of its value.
  public let snippetAttribute: String?
  private var cursor = ListCursor()

  /// Creates an empty list, with rows of three lines when `snippetAttribute` is given.
  public init(snippetAttribute: String? = nil) {
    self.snippetAttribute = snippetAttribute
  }

  /// How many screen lines a row takes.
  var rowHeight: Int { snippetAttribute == nil ? 2 : 3 }

  /// Nothing to do: the next frame reads the rows.
  public func reload() {}

  /// Goes back to the first row.
  public func scrollToTop() { cursor = ListCursor() }

  /// Draws the rows in view.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    let title = "Results" + (stats.map { "  \($0)" } ?? "")
    guard let source = hitsSource else { return screen.title(title, in: rect, focused: focused) }
    let visible = max(0, (rect.height - 1) / rowHeight)
    let loaded = source.numberOfHits()
    cursor.fit(count: loaded, visible: visible)
    // Where the cursor is among the loaded rows (`row 21/40`); moving near the end loads the next page.
    let position = focused && loaded > 0 ? "  row \(cursor.index + 1)/\(loaded)" : ""
    screen.title(title + position, in: rect, focused: focused)
    if loaded == 0, stats != nil, rect.height > 1 {
      screen.write(
        "No results: try another query, or fewer filters.", x: rect.x, y: rect.y + 1, width: rect.width, style: [.dim],
        ellipsis: true)
    }
    for row in 0..<visible {
      let index = cursor.top + row
      guard let hit = source.hit(atIndex: index) else { break }
      let y = rect.y + 1 + row * rowHeight
      screen.write(Self.highlighted(hit, attribute: "name"), x: rect.x, y: y, width: rect.width, ellipsis: true)
      screen.write(Self.details(hit), x: rect.x + 2, y: y + 1, width: rect.width - 2, style: [.dim], ellipsis: true)
      if let snippetAttribute {
        screen.write(
          Self.snippet(hit, attribute: snippetAttribute), x: rect.x + 2, y: y + 2, width: rect.width - 2,
          ellipsis: true)
      }
      if focused, index == cursor.index { screen.addStyle(.reverse, x: rect.x, y: y, width: rect.width) }
    }
  }

  /// Scrolls.
  public func handle(_ key: KeyEvent) -> Bool {
    let count = hitsSource?.numberOfHits() ?? 0
    switch key {
    case .up: cursor.move(by: -1, count: count)
    case .down: cursor.move(by: 1, count: count)
    default: return false
    }
    return true
  }

  /// The attribute's text split into plain and highlighted runs (`<em>` tags), or its raw value.
  static func highlighted(_ hit: SearchHit, attribute: String) -> [(String, CellStyle)] {
    guard let value = hit.highlight(for: attribute)?.value else {
      return [(hit[attribute]?.stringValue ?? hit.objectID, [.bold])]
    }
    return HighlightedString(string: value).runs.map { run in
      (run.text, run.isHighlighted ? [.bold, .highlight] : [.bold])
    }
  }

  /// The snippet of the attribute, dim with the matched words highlighted, or the start of its value.
  static func snippet(_ hit: SearchHit, attribute: String) -> [(String, CellStyle)] {
    guard let value = hit.snippet(for: attribute)?.value else {
      return [(hit[attribute]?.stringValue ?? "", [.dim])]
    }
    return HighlightedString(string: value).runs.map { run in
      (run.text, run.isHighlighted ? [.highlight] : [.dim])
    }
  }

  /// `Brand · Category · $12.50 · ★4`.
  static func details(_ hit: SearchHit) -> String {
    var parts: [String] = []
    if let brand = hit["brand"]?.stringValue { parts.append(brand) }
    if let category = hit["categories.lvl1"]?.stringValue ?? hit["category"]?.stringValue { parts.append(category) }
    if let price = hit["price"]?.doubleValue { parts.append("$" + String(format2: price)) }
    if let rating = hit["rating"]?.doubleValue { parts.append("rating \(Int(rating))") }
    if hit["freeShipping"] == .bool(true) || hit["free_shipping"] == .bool(true) { parts.append("free shipping") }
    return parts.joined(separator: " · ")
  }
}

extension TerminalHitsList: StatsTextController {
  /// Shows the stats line in the title row.
  public func setItem(_ item: String?) { stats = item }
}
