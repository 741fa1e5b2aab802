/// Walks the searchable text of a packed record.
enum TextWalker {
  /// Calls `body(node, token, position)` for each token of each searchable text value, in record order;
  /// `position` counts words within the value's attribute (across array elements).
  static func forEachSearchableToken(
    _ bytes: UnsafeBufferPointer<UInt8>, trie: PathTrie, searchableNodes: Set<Int>,
    _ body: (_ node: Int, _ token: UInt32, _ position: Int) -> Void
  ) {
    var reader = PackedReader(bytes)
    var positions = [Int](repeating: 0, count: min(trie.count, 512))
    walk(&reader, node: 0, trie: trie, searchable: searchableNodes, positions: &positions, body)
  }

  private static func walk(
    _ reader: inout PackedReader, node: Int, trie: PathTrie, searchable: Set<Int>, positions: inout [Int],
    _ body: (Int, UInt32, Int) -> Void
  ) {
    guard let tag = PackedTag(rawValue: reader.byte()) else { return }
    switch tag {
    case .object:
      while let key = reader.nextKey() {
        if let child = trie.existingChild(of: node, key: key) {
          walk(&reader, node: child, trie: trie, searchable: searchable, positions: &positions, body)
        } else {
          reader.skipValue()
        }
      }
    case .array:
      while !reader.atEnd() {
        walk(&reader, node: node, trie: trie, searchable: searchable, positions: &positions, body)
      }
    case .text:
      let count = Int(reader.varint())
      guard searchable.contains(node) else {
        for _ in 0..<count { _ = reader.varint() }
        return
      }
      if node >= positions.count { positions += [Int](repeating: 0, count: node + 1 - positions.count) }
      var position = positions[node]
      for _ in 0..<count {
        body(node, UInt32(reader.varint()), position)
        position += 1
      }
      positions[node] = position + 1
    default:
      reader.position -= 1
      reader.skipValue()
    }
  }
}
