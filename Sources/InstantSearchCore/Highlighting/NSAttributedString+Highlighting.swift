import Foundation

extension NSAttributedString {
  /// The text of `highlightedString` with `attributes` on its highlighted runs (or, `inverted`, on the
  /// others): what a `UILabel` shows as `attributedText`, InstantSearch iOS's way.
  ///
  /// ```swift
  /// label.attributedText = hit.hightlightedString(forKey: "name").map {
  ///   NSAttributedString(highlightedString: $0, attributes: [.foregroundColor: UIColor.tintColor])
  /// }
  /// ```
  public convenience init(
    highlightedString: HighlightedString, inverted: Bool = false, attributes: [NSAttributedString.Key: Any]
  ) {
    self.init(attributedString: Self.marked([highlightedString], inverted: inverted, separator: nil, attributes))
  }

  /// The highlighted value of `highlightResult` (see ``init(highlightedString:inverted:attributes:)``), with
  /// the default tags.
  public convenience init(
    highlightResult: HighlightResult, inverted: Bool = false, attributes: [NSAttributedString.Key: Any]
  ) {
    self.init(
      highlightedString: HighlightedString(string: highlightResult.value), inverted: inverted, attributes: attributes)
  }

  /// Several highlighted texts (the elements of an array attribute) joined by `separator`, each marked as
  /// ``init(highlightedString:inverted:attributes:)`` marks one; the separator is never marked.
  public convenience init(
    highlightedStrings: [HighlightedString], inverted: Bool = false, separator: NSAttributedString,
    attributes: [NSAttributedString.Key: Any]
  ) {
    self.init(attributedString: Self.marked(highlightedStrings, inverted: inverted, separator: separator, attributes))
  }

  /// The texts joined by `separator`, with `attributes` on the runs whose highlighting is not `inverted`.
  private static func marked(
    _ strings: [HighlightedString], inverted: Bool, separator: NSAttributedString?,
    _ attributes: [NSAttributedString.Key: Any]
  ) -> NSAttributedString {
    let result = NSMutableAttributedString(string: "")
    for (index, string) in strings.enumerated() {
      if index > 0, let separator { result.append(separator) }
      for run in string.runs {
        let start = result.length
        result.append(NSAttributedString(string: run.text))
        let length = result.length - start
        if run.isHighlighted != inverted, length > 0 {
          result.addAttributes(attributes, range: NSRange(location: start, length: length))
        }
      }
    }
    return result
  }
}
