import InstantSearchCore

/// Page links under the results: `Page  ‹ 1 2 [3] 4 5 ›  of 100`, the current page in brackets; Left and
/// Right go to the previous and next page.
@MainActor
public final class TerminalPagination: PaginationController, TerminalPanel {
  /// Set by the connection.
  public var onPageSelected: ((Int) -> Void)?
  /// The links shown.
  public private(set) var pages: [PageLink] = []
  /// Whether there is a page before the current one.
  public private(set) var hasPrevious = false
  /// Whether there is a page after the current one.
  public private(set) var hasNext = false
  /// How many pages the results have.
  public private(set) var nbPages = 0

  /// Creates empty page links.
  public init() {}

  /// Takes the links.
  public func setPages(_ pages: [PageLink], hasPrevious: Bool, hasNext: Bool, nbPages: Int) {
    self.pages = pages
    self.hasPrevious = hasPrevious
    self.hasNext = hasNext
    self.nbPages = nbPages
  }

  /// The links as text: `‹ 1 2 [3] 4 5 ›`, an arrow only where it leads somewhere.
  public var text: String {
    LinkSegments(pages: pages, hasPrevious: hasPrevious, hasNext: hasNext).links
      .map { $0.isCurrent ? "[\($0.title)]" : $0.title }.joined(separator: " ")
  }

  /// Draws `Page  ‹ 1 [2] 3 ›  of N`; nothing while there is at most one page.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    guard nbPages > 1 else { return }
    let x = rect.x + screen.write("Page ", x: rect.x, y: rect.y, style: focused ? [.bold, .reverse] : [.bold])
    let used = screen.write(text, x: x, y: rect.y, width: rect.x + rect.width - x)
    let total = "  of " + DefaultPresenter.Stats.grouped(nbPages)
    screen.write(total, x: x + used, y: rect.y, width: rect.x + rect.width - x - used, style: [.dim])
  }

  /// Left/Right: the previous/next page.
  public func handle(_ key: KeyEvent) -> Bool {
    guard let current = pages.first(where: \.isCurrent)?.page else { return false }
    switch key {
    case .left where hasPrevious: onPageSelected?(current - 1)
    case .right where hasNext: onPageSelected?(current + 1)
    case .left, .right: break
    default: return false
    }
    return true
  }
}
