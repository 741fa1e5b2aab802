/// The attribute paths seen in records, as a trie over key ids: node 0 is the record itself, and a
/// node's path is its parent's path, a dot, and its key (`categories.lvl0`).
struct PathTrie: Sendable {
  private(set) var children: [[UInt32: Int32]] = [[:]]
  private(set) var paths: [String] = [""]

  /// The root alone.
  init() {}

  /// A trie of stored parts (an image's).
  init(children: [[UInt32: Int32]], paths: [String]) {
    self.children = children
    self.paths = paths
  }

  /// The child of `node` for `key`, created when new.
  mutating func child(of node: Int, key: UInt32, keyName: () -> String) -> Int {
    if let existing = children[node][key] { return Int(existing) }
    let id = children.count
    children.append([:])
    paths.append(node == 0 ? keyName() : paths[node] + "." + keyName())
    children[node][key] = Int32(id)
    return id
  }

  var count: Int { paths.count }
}
