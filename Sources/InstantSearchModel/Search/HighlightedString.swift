/// A highlighted value as the engine returns it (`"<em>Blue</em> shirt"`), split into runs of plain and
/// highlighted text for a view to style.
///
/// ```swift
/// HighlightedString(string: "<em>Blue</em> shirt").runs
/// // [Run(text: "Blue", isHighlighted: true), Run(text: " shirt", isHighlighted: false)]
/// ```
///
/// An unclosed tag highlights to the end; empty runs are left out.
public struct HighlightedString: Hashable, Sendable {
  /// A stretch of text, highlighted or not.
  public struct Run: Hashable, Sendable {
    /// The text, without tags.
    public var text: String
    /// Whether it matched the query.
    public var isHighlighted: Bool

    /// Creates a run.
    public init(text: String, isHighlighted: Bool) {
      self.text = text
      self.isHighlighted = isHighlighted
    }
  }

  /// The runs, in order.
  public let runs: [Run]

  /// The text without tags.
  public var plain: String { runs.map(\.text).joined() }

  /// Splits `string` at `preTag` and `postTag` (the engine's defaults: `<em>` and `</em>`).
  public init(string: String, preTag: String = "<em>", postTag: String = "</em>") {
    var runs: [Run] = []
    func add(_ text: Substring, _ highlighted: Bool) {
      if !text.isEmpty { runs.append(Run(text: String(text), isHighlighted: highlighted)) }
    }
    var rest = Substring(string)
    while !preTag.isEmpty, let open = rest.range(of: preTag) {
      add(rest[..<open.lowerBound], false)
      rest = rest[open.upperBound...]
      let close = postTag.isEmpty ? nil : rest.range(of: postTag)
      add(rest[..<(close?.lowerBound ?? rest.endIndex)], true)
      rest = close.map { rest[$0.upperBound...] } ?? ""
    }
    add(rest, false)
    self.runs = runs
  }
}
