import InstantSearchModel

/// The parts of a segment image read into arrays at open: the codec's interned keys, tokens and terms,
/// and the path trie.
extension SnapshotImage {
  static func writeInterner(_ interner: ByteInterner, _ name: String, to image: inout ImageWriter)
    throws(DurableError)
  {
    try image.integers(name + ".arena", interner.arena)
    try image.integers(name + ".starts", interner.starts)
    try image.integers(name + ".lengths", interner.lengths)
    try image.integers(name + ".slots", interner.slots)
  }

  static func readInterner(_ name: String, _ image: inout ImageReader) throws(DurableError) -> ByteInterner {
    let arena: [UInt8] = try image.integers(name + ".arena")
    let starts: [UInt32] = try image.integers(name + ".starts")
    let lengths: [UInt32] = try image.integers(name + ".lengths")
    let slots: [UInt32] = try image.integers(name + ".slots")
    guard starts.count == lengths.count, slots.count > 0, slots.count & (slots.count - 1) == 0,
      zip(starts, lengths).allSatisfy({ Int($0) + Int($1) <= arena.count })
    else { throw .corrupt(path: image.path, reason: "\(name) does not hold together") }
    return ByteInterner(arena: arena, starts: starts, lengths: lengths, table: slots)
  }

  static func writeCodec(_ codec: PackedCodec, to image: inout ImageWriter) throws(DurableError) {
    try writeInterner(codec.keys, "keys", to: &image)
    try writeInterner(codec.dictionary.tokens, "tokens", to: &image)
    try writeInterner(codec.dictionary.terms, "terms", to: &image)
    try image.integers("tokens.terms", codec.dictionary.termOfToken)
    try image.integers("tokens.wordLengths", codec.dictionary.wordLengthOfToken)
  }

  static func readCodec(_ image: inout ImageReader) throws(DurableError) -> PackedCodec {
    let keys = try readInterner("keys", &image)
    let tokens = try readInterner("tokens", &image)
    let terms = try readInterner("terms", &image)
    let termOfToken: [UInt32] = try image.integers("tokens.terms")
    let wordLengths: [UInt32] = try image.integers("tokens.wordLengths")
    guard termOfToken.count == tokens.count, wordLengths.count == tokens.count else {
      throw .corrupt(path: image.path, reason: "the token dictionary does not line up")
    }
    return PackedCodec(
      keys: keys,
      dictionary: TokenDictionary(
        tokens: tokens, terms: terms, termOfToken: termOfToken, wordLengthOfToken: wordLengths))
  }

  static func writeTrie(_ trie: PathTrie, to image: inout ImageWriter) throws(DurableError) {
    var parents: [UInt32] = []
    var keys: [UInt32] = []
    var children: [UInt32] = []
    for (node, map) in trie.children.enumerated() {
      for (key, child) in map.sorted(by: { $0.key < $1.key }) {
        parents.append(UInt32(node))
        keys.append(key)
        children.append(UInt32(child))
      }
    }
    try image.strings("trie.paths", trie.paths)
    try image.integers("trie.parents", parents)
    try image.integers("trie.keys", keys)
    try image.integers("trie.children", children)
  }

  static func readTrie(_ image: inout ImageReader) throws(DurableError) -> PathTrie {
    let paths = try image.strings("trie.paths")
    let parents: [UInt32] = try image.integers("trie.parents")
    let keys: [UInt32] = try image.integers("trie.keys")
    let children: [UInt32] = try image.integers("trie.children")
    guard keys.count == parents.count, children.count == parents.count,
      parents.allSatisfy({ Int($0) < paths.count }), children.allSatisfy({ Int($0) < paths.count })
    else { throw .corrupt(path: image.path, reason: "the path trie does not hold together") }
    var maps = [[UInt32: Int32]](repeating: [:], count: paths.count)
    for index in parents.indices { maps[Int(parents[index])][keys[index]] = Int32(children[index]) }
    return PathTrie(children: maps, paths: paths)
  }
}
