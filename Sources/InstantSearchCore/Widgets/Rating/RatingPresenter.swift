extension DefaultPresenter {
  /// Presenters of a minimum rating: a ``FilterComparisonConnector`` on a rating attribute with
  /// `.greaterThanOrEqual`, shown as stars.
  public enum Rating {
    /// Stars for a minimum rating out of `maximum`: `★★★★☆ & up` for 4 out of 5. A fraction shows as a
    /// half star (`★★★½☆ & up` for 3.5); no rating reads `Any rating`; values are clamped to 0…`maximum`.
    public static func present(_ rating: Double?, maximum: Int = 5) -> String {
      guard let rating, rating.isFinite, maximum > 0 else { return "Any rating" }
      let clamped = min(max(rating, 0), Double(maximum))
      let full = Int(clamped.rounded(.down))
      let half = clamped - Double(full) >= 0.5 ? 1 : 0
      let empty = maximum - full - half
      let stars =
        String(repeating: "★", count: full) + String(repeating: "½", count: half)
        + String(repeating: "☆", count: empty)
      return full + half == maximum ? stars : stars + " & up"
    }

    /// Stars for each whole rating from `maximum` down to 1, to offer as choices.
    public static func choices(maximum: Int = 5) -> [(rating: Int, text: String)] {
      guard maximum > 0 else { return [] }
      return (1...maximum).reversed().map { ($0, present(Double($0), maximum: maximum)) }
    }
  }
}
