/// The key paths of a ``RecordElision`` as a small tree of key ids, walked along a record's keys while its
/// values are stripped: at each key, whether it opens an object holding left-out values (a container)
/// and whether its value is a member's. Replaces looking the key path so far up in a set and a dictionary
/// of key-id arrays (hashed with SipHash for every key of a container, every record).
struct ElisionKeyNodes: Sendable {
  /// What a key of an object is: the node of the object it opens when that is a container (-1: not one),
  /// and the member whose value it is (-1: none).
  struct Entry: Sendable {
    var container: Int32 = -1
    var member: Int32 = -1
  }

  /// The root's entries by key id (a record's root has the most keys).
  private var root: [Entry] = []
  /// The entries of every other node (index 0, the root's, unused), few each: searched in order.
  private var inner: [[(key: UInt32, entry: Entry)]] = [[]]

  /// The tree of `members`' parents and keys.
  init(_ members: [RecordElision.Member]) {
    var nodeOfPath: [[UInt32]: Int] = [[]: 0]
    for (index, member) in members.enumerated() {
      var node = 0
      for length in stride(from: 1, through: member.parent.count, by: 1) {
        let path = Array(member.parent.prefix(length))
        if let known = nodeOfPath[path] {
          node = known
          continue
        }
        let child = inner.count
        inner.append([])
        nodeOfPath[path] = child
        update(node: node, key: path[length - 1]) { $0.container = Int32(child) }
        node = child
      }
      update(node: node, key: member.key) { $0.member = Int32(index) }
    }
  }

  /// The entry of `key` in the object of node `node`, when the key is a container or a member's.
  @inline(__always)
  func entry(node: Int, key: UInt32) -> Entry? {
    if node == 0 {
      guard Int(key) < root.count else { return nil }
      let entry = root[Int(key)]
      return entry.container < 0 && entry.member < 0 ? nil : entry
    }
    for candidate in inner[node] where candidate.key == key { return candidate.entry }
    return nil
  }

  private mutating func update(node: Int, key: UInt32, _ change: (inout Entry) -> Void) {
    if node == 0 {
      if Int(key) >= root.count { root.append(contentsOf: repeatElement(Entry(), count: Int(key) + 1 - root.count)) }
      change(&root[Int(key)])
      return
    }
    if let position = inner[node].firstIndex(where: { $0.key == key }) {
      change(&inner[node][position].entry)
    } else {
      var entry = Entry()
      change(&entry)
      inner[node].append((key, entry))
    }
  }
}
