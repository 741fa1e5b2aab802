extension ShowcaseApp {
  /// Draws a frame of `width` × `height` cells (at least 40 × 12 is useful; 80 × 24 fits everything).
  /// Sides are clamped to `0...ScreenBuffer.maximumSide`, as the buffer clamps them.
  public func render(width: Int, height: Int) -> ScreenBuffer {
    let width = min(max(width, 0), ScreenBuffer.maximumSide)
    let height = min(max(height, 0), ScreenBuffer.maximumSide)
    var screen = ScreenBuffer(width: width, height: height)
    let layout = Layout(width: width, height: height)
    screen.write("InstantSearch for Swift — demo", x: 0, y: 0, style: [.bold])
    loading.draw(into: &screen, in: Rect(x: 0, y: 0, width: width, height: 1))
    banner.draw(into: &screen, in: Rect(x: 32, y: 0, width: max(0, width - 32 - 11), height: 1))
    let help = "Tab: next  arrows: move  Space: toggle  Del: remove  Esc: quit"
    screen.write(help, x: 0, y: height - 1, width: width, style: [.dim])
    for (index, panel) in panels.enumerated() {
      panel.draw(into: &screen, in: layout.rects[index], focused: index == focus && !isInSuggestions)
    }
    if showsSuggestions {
      // Over the left column only: the results' title and count stay in sight while typing.
      let rows = min(suggestions.suggestions.count, max(0, height - 4))
      suggestions.draw(
        into: &screen, in: Rect(x: 7, y: 2, width: max(0, min(40, layout.left + 1 - 7)), height: rows),
        focused: isInSuggestions)
    }
    return screen
  }

  /// Where each panel goes, in focus order.
  struct Layout {
    let rects: [Rect]
    /// The left column's width.
    let left: Int

    init(width: Int, height: Int) {
      let left = min(30, max(20, width / 3))
      self.left = left
      let right = width - left - 2
      let body = max(0, height - 6)
      // The chips take one row (those that do not fit are counted, "+N"); the hits get the rest.
      let filtersHeight = body > 0 ? 1 : 0
      let filtersY = height - 1 - filtersHeight
      // The left column, top to bottom: categories, brands, more filters, price (2 rows).
      let column = max(0, height - 1 - 4 - 2)
      let categoryHeight = min(6, max(2, column * 3 / 10))
      let brandHeight = min(11, max(2, column * 3 / 10))
      let moreHeight = max(0, column - categoryHeight - brandHeight)
      let brandY = 4 + categoryHeight
      let moreY = brandY + brandHeight
      let priceY = moreY + moreHeight
      rects = [
        Rect(x: 0, y: 1, width: width, height: 1),
        Rect(x: 0, y: 2, width: max(0, width - 22), height: 1),
        Rect(x: max(0, width - 20), y: 2, width: min(20, width), height: 1),
        Rect(x: 0, y: 4, width: left, height: categoryHeight),
        Rect(x: 0, y: brandY, width: left, height: brandHeight),
        Rect(x: 0, y: moreY, width: left, height: moreHeight),
        Rect(x: 0, y: priceY, width: left, height: max(0, min(2, height - 1 - priceY))),
        Rect(x: left + 2, y: 4, width: right, height: max(0, filtersY - 6)),
        Rect(x: left + 2, y: filtersY, width: right - 12, height: filtersHeight),
        Rect(x: left + 2, y: 3, width: right, height: 1),
        // The page links under the hits, the category path on the left of the sort control.
        Rect(x: left + 2, y: max(0, filtersY - 1), width: right, height: body > 1 ? 1 : 0),
        Rect(x: 0, y: 3, width: left, height: 1),
        Rect(x: width - 11, y: filtersY, width: 11, height: 1),
      ]
    }
  }
}
