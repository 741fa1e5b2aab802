import InstantSearchModel

extension Highlighter {
  /// Appends the highlight object of a stored text (from its token ids) as compact JSON text: the members
  /// ``leaf(tokenIDs:)`` gives — `value`, `matchLevel`, `matchedWords`, and `fullyHighlighted` when a word
  /// matched — without building the object. What a hit written as text holds
  /// (``SearchExecutor/appendHitText(_:plan:highlighter:rankingInfo:to:)``).
  func appendLeaf(tokenIDs: [UInt32], to output: inout [UInt8]) {
    let leaf = builtLeaf(tokenIDs: tokenIDs)
    let level = matchLevel(leaf.matched)
    output.append(contentsOf: #"{"value":""#.utf8)
    leaf.output.withUnsafeBufferPointer { PackedCodec.appendEscaped($0, to: &output) }
    output.append(contentsOf: #"","matchLevel":""#.utf8)
    output.append(contentsOf: level.utf8)
    output.append(contentsOf: #"","matchedWords":"#.utf8)
    matchedWordsValue(leaf.matched).appendText(to: &output)
    if level != "none" {
      let fullyHighlighted = leaf.wordCount > 0 && leaf.fullyHighlightedWords == leaf.wordCount
      output.append(
        contentsOf: (fullyHighlighted ? #","fullyHighlighted":true}"# : #","fullyHighlighted":false}"#).utf8)
    } else {
      output.append(UInt8(ascii: "}"))
    }
  }
}
