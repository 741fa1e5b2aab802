/// What a user types into a number field, read as a number: digits with an optional sign and `.` or `,`
/// decimal separator, spaces around ignored. An integer field takes whole numbers only; anything else —
/// letters, a second separator, an exponent, a number past the type's range — is no number (`nil`), so
/// the filter is left as it was.
public enum NumberText {
  /// The number `text` holds, as `Number`, or `nil`.
  public static func parse<Number: RangeNumber>(_ text: String, as type: Number.Type = Number.self) -> Number? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: ",", with: ".")
    guard !trimmed.isEmpty, trimmed.count <= 40 else { return nil }
    let body = trimmed.hasPrefix("-") || trimmed.hasPrefix("+") ? trimmed.dropFirst() : Substring(trimmed)
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      parts.contains(where: { !$0.isEmpty })
    else { return nil }
    guard let value = Double(trimmed), value.isFinite else { return nil }
    if Number.self == Int.self {
      guard parts.count == 1 || parts[1].allSatisfy({ $0 == "0" }), abs(value) <= 9_007_199_254_740_992 else {
        return nil
      }
    }
    let number = Number.lowerBound(from: value)
    return number.doubleValue == value ? number : nil
  }
}

extension Character {
  /// Whether it is one of `0`…`9`.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
