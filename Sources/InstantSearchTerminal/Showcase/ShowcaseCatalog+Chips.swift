import InstantSearchCore

extension ShowcaseCatalog {
  /// How a current filter reads as a chip of the showcase: in the words of the panel that set it
  /// ("Free shipping", "Rating ≥ 2", "Price 20.5–83", a category's last level), numbers as the panels show
  /// them (no ".0" on a whole number); other filters as `DefaultPresenter.Filter.present(_:)` says.
  public static func chipText(_ filter: Filter) -> String {
    let text: String
    switch filter {
    case .facet(let facet):
      switch (facet.attribute.rawValue, facet.value) {
      case ("freeShipping", .bool(let value)), ("free_shipping", .bool(let value)):
        text = value ? "Free shipping" : "No free shipping"
      case (let attribute, .string(let value)) where attribute.hasPrefix("categories."):
        text = value.components(separatedBy: " > ").last ?? value
      default:
        return DefaultPresenter.Filter.present(filter)
      }
    case .numeric(let numeric):
      let label = numeric.attribute.rawValue.prefix(1).uppercased() + numeric.attribute.rawValue.dropFirst()
      switch numeric.value {
      case .comparison(let operation, let value):
        let symbol = [">=": "≥", "<=": "≤", "!=": "≠"][operation.rawValue] ?? operation.rawValue
        text = "\(label) \(symbol) \(number(value))"
      case .range(let range):
        text = "\(label) \(number(range.lowerBound))–\(number(range.upperBound))"
      }
    case .tag:
      return DefaultPresenter.Filter.present(filter)
    }
    return filter.isNegated ? "not " + text : text
  }

  /// `83` for 83.0, `20.5` for 20.50, at most two decimals.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    var text = String((value * 100).rounded() / 100)
    while text.hasSuffix("0"), text.contains(".") { text.removeLast() }
    return text
  }
}
