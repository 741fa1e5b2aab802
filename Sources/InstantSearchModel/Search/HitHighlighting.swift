/// A hit's highlighting and snippets, read the same way from a raw ``SearchHit`` and from a decoded
/// ``Hit``: by attribute (or dotted path, `"brand.name"`), as values or as runs for a view.
public protocol HitHighlighting {
  /// The raw `_highlightResult` object, if the engine sent one.
  var highlightResult: [String: JSON]? { get }
  /// The raw `_snippetResult` object, if the engine sent one.
  var snippetResult: [String: JSON]? { get }
}

extension HitHighlighting {
  /// The highlighting of a string attribute, if the engine sent one.
  public func highlight(for attribute: String) -> HighlightResult? {
    Self.leaf(of: highlightResult, at: attribute)
  }

  /// The snippet of a string attribute (or dotted path), if the engine sent one: its `value` holds the cut
  /// text with the matches between the highlight tags; ``HighlightResult/matchedWords`` is empty (snippet
  /// leaves carry only `value` and `matchLevel`).
  public func snippet(for attribute: String) -> HighlightResult? {
    Self.leaf(of: snippetResult, at: attribute)
  }

  /// The highlighted text of an attribute, split into highlighted and plain runs for a view (with the tags
  /// the query used: `<em>`/`</em>` by default).
  public func highlightedString(for attribute: String, preTag: String = "<em>", postTag: String = "</em>")
    -> HighlightedString?
  {
    highlight(for: attribute).map { HighlightedString(string: $0.value, preTag: preTag, postTag: postTag) }
  }

  /// The snippet of an attribute, split into highlighted and plain runs for a view.
  public func snippetedString(for attribute: String, preTag: String = "<em>", postTag: String = "</em>")
    -> HighlightedString?
  {
    snippet(for: attribute).map { HighlightedString(string: $0.value, preTag: preTag, postTag: postTag) }
  }

  /// InstantSearch iOS's name (spelling kept) for ``highlightedString(for:preTag:postTag:)`` with the default
  /// tags.
  public func hightlightedString(forKey key: String) -> HighlightedString? {
    highlightedString(for: key)
  }

  /// The leaf at `attribute` of a `_highlightResult` or `_snippetResult` object.
  private static func leaf(of root: [String: JSON]?, at attribute: String) -> HighlightResult? {
    guard case .object(let leaf)? = root.map(JSON.object)?.value(atPath: attribute) else { return nil }
    return HighlightResult(json: leaf)
  }
}
