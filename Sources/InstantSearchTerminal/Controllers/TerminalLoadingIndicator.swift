import InstantSearchCore

/// The loading state as a word in the title bar: `searching…` while a search is on its way.
@MainActor
public final class TerminalLoadingIndicator: LoadingController {
  /// Whether a search is on its way.
  public private(set) var isLoading = false

  /// Creates an indicator.
  public init() {}

  /// Takes the loading state.
  public func setItem(_ item: Bool) { isLoading = item }

  /// Draws `searching…` right-aligned in `rect` while loading.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect) {
    guard isLoading else { return }
    let text = "searching…"
    screen.write(text, x: rect.x + max(0, rect.width - text.count), y: rect.y, width: rect.width, style: [.dim])
  }
}
