import InstantSearchCore

/// A promotional banner in the title bar: the text a query rule's custom data holds (Query Rule Custom
/// Data), shown in reverse video while the results carry one.
@MainActor
public final class TerminalBanner: ItemController {
  /// The banner's text, `nil` when there is none.
  public private(set) var text: String?

  /// Creates a banner.
  public init() {}

  /// Takes the text to show.
  public func setItem(_ item: String?) { text = item }

  /// Draws the text, framed by spaces, from the left of `rect`.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect) {
    guard let text, !text.isEmpty, rect.width > 2 else { return }
    screen.write(" \(text) ", x: rect.x, y: rect.y, width: rect.width, style: [.reverse, .bold])
  }
}
