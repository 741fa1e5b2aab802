import InstantSearchCore

/// A numeric range as a text slider: `Price  12 [===|-----|===] 480` with the selected range in
/// brackets. Up/Down pick the lower or upper thumb; Left/Right move it by a twentieth of the bounds.
@MainActor
public final class TerminalRangeSlider: NumberRangeController, TerminalPanel {
  /// Set by the connection.
  public var onRangeChanged: ((ClosedRange<Double>) -> Void)?
  /// The panel's title.
  public let title: String
  /// The bounds shown.
  public private(set) var bounds: ClosedRange<Double>?
  /// The range shown.
  public private(set) var range: ClosedRange<Double>?
  /// Whether Left/Right move the upper thumb (else the lower).
  public private(set) var movesUpperThumb = false

  /// Creates a slider titled `title`.
  public init(title: String) {
    self.title = title
  }

  /// Takes the bounds.
  public func setBounds(_ bounds: ClosedRange<Double>) { self.bounds = bounds }

  /// Takes the range.
  public func setItem(_ item: ClosedRange<Double>) { range = item }

  /// Forgets the range.
  public func invalidate() { range = nil }

  /// Draws the title with the range, then the bar with the bounds.
  public func draw(into screen: inout ScreenBuffer, in rect: Rect, focused: Bool) {
    let shown = range.map { "\(Self.format($0.lowerBound)) – \(Self.format($0.upperBound))" } ?? "any"
    screen.title("\(title): \(shown)", in: rect, focused: focused)
    guard rect.height > 1, let bounds, let range else { return }
    let low = Self.format(bounds.lowerBound)
    let high = Self.format(bounds.upperBound)
    let barWidth = max(2, rect.width - low.count - high.count - 2)
    let span = bounds.upperBound - bounds.lowerBound
    func column(_ value: Double) -> Int {
      span > 0 ? Int(((value - bounds.lowerBound) / span * Double(barWidth - 1)).rounded()) : 0
    }
    let from = column(range.lowerBound)
    let to = column(range.upperBound)
    var bar = ""
    for position in 0..<barWidth {
      bar.append(position == from || position == to ? "|" : (position > from && position < to ? "=" : "-"))
    }
    let y = rect.y + 1
    var x = rect.x + screen.write(low + " ", x: rect.x, y: y, style: [.dim])
    x += screen.write(bar, x: x, y: y)
    screen.write(" " + high, x: x, y: y, style: [.dim])
    if focused {
      let thumb = rect.x + low.count + 1 + (movesUpperThumb ? to : from)
      screen.addStyle(.reverse, x: thumb, y: y, width: 1)
    }
  }

  /// Picks a thumb or moves it.
  public func handle(_ key: KeyEvent) -> Bool {
    switch key {
    case .up: movesUpperThumb = false
    case .down: movesUpperThumb = true
    case .left: move(by: -1)
    case .right: move(by: 1)
    default: return false
    }
    return true
  }

  private func move(by steps: Double) {
    guard let bounds else { return }
    let current = range ?? bounds
    let step = max((bounds.upperBound - bounds.lowerBound) / 20, 0.01)
    var lower = current.lowerBound
    var upper = current.upperBound
    if movesUpperThumb {
      upper = min(bounds.upperBound, max(lower, (upper + steps * step).rounded()))
    } else {
      lower = max(bounds.lowerBound, min(upper, (lower + steps * step).rounded()))
    }
    onRangeChanged?(lower...upper)
  }

  /// `12`, `12.5`, `1,200`.
  static func format(_ value: Double) -> String {
    let whole = value.rounded()
    if whole == value, abs(value) < 1e15 { return DefaultPresenter.Stats.grouped(Int(whole)) }
    return String(format2: value)
  }
}

extension String {
  /// A number with at most two decimals, without a locale.
  init(format2 value: Double) {
    let cents = (value * 100).rounded()
    guard abs(cents) < 1e17 else {
      self = "\(value)"
      return
    }
    let integer = Int(cents)
    let sign = integer < 0 ? "-" : ""
    let magnitude = integer.magnitude
    let fraction = magnitude % 100
    self =
      sign + DefaultPresenter.Stats.grouped(Int(magnitude / 100)) + "." + (fraction < 10 ? "0" : "")
      + String(fraction)
  }
}
