/// JSON text of a number used as an identifier.
enum JSONNumberText {
  /// An integral value below 10¹⁵ as an integer (`12`, not `12.0`), any other as Swift prints it.
  static func render(_ value: Double) -> String {
    if value.rounded() == value, abs(value) < 1e15, let integer = Int(exactly: value) { return String(integer) }
    return "\(value)"
  }
}
