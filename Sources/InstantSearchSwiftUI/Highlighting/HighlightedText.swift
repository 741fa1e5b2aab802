#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  extension Text {
    /// The text of `highlightedString`, its plain runs made by `regular` and its highlighted runs by
    /// `highlighted` (InstantSearch iOS's highlighting in SwiftUI):
    ///
    /// ```swift
    /// if let name = hit.hightlightedString(forKey: "name") {
    ///   Text(highlightedString: name) { Text($0).bold() }
    /// }
    /// ```
    public init(
      highlightedString: HighlightedString, regular: (String) -> Text = { Text($0) },
      highlighted: (String) -> Text
    ) {
      self = highlightedString.runs.reduce(Text("")) { text, run in
        text + (run.isHighlighted ? highlighted(run.text) : regular(run.text))
      }
    }

    /// The highlighted value of `highlightResult` (see ``init(highlightedString:regular:highlighted:)``).
    public init(
      highlightResult: HighlightResult, regular: (String) -> Text = { Text($0) }, highlighted: (String) -> Text
    ) {
      self.init(
        highlightedString: HighlightedString(string: highlightResult.value), regular: regular, highlighted: highlighted)
    }
  }
#endif
