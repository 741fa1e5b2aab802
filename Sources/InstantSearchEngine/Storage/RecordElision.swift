import InstantSearchModel

/// Values a segment image leaves out of its stored records because a facet column holds them exactly.
///
/// A faceted attribute (`brand`, `categories.lvl0`, `price`, `_tags`) is stored twice in a segment built
/// from records: in each packed record and, as value ids, in its facet column. A segment image keeps only
/// the column's copy: each record loses the attribute (its containers, such as the `categories` object,
/// stay), and a table gives the packed bytes of each value id; an array is its values' bytes in order. A
/// number no facet column holds (`popularity`) is left out the same way when its numeric column holds one
/// value a record, and packed again when read. Reading a
/// record puts the values back, as the last members of their containers (``restore(_:doc:into:)``): the
/// restored record holds exactly the values it was saved with, only the order of its keys differs.
///
/// Which attributes qualify is decided per segment by ``plan(for:)``, which checks every record: an
/// attribute is left out only when each record's value is its column's packed bytes for that value id.
struct RecordElision: Sendable {
  let members: [Member]
  /// The key-id paths of the objects that hold a left-out value, and of the objects holding those.
  let containers: Set<[UInt32]>
  /// The members by the object holding their values (so that a nested object is opened once a record).
  let groups: [(parent: [UInt32], members: [Int])]
  /// The members' key paths as a tree of key ids, walked while records are stripped.
  let keyNodes: ElisionKeyNodes

  init(members: [Member]) {
    self.members = members
    keyNodes = ElisionKeyNodes(members)
    var containers: Set<[UInt32]> = []
    for member in members {
      for length in stride(from: 1, through: member.parent.count, by: 1) {
        containers.insert(Array(member.parent.prefix(length)))
      }
    }
    self.containers = containers
    var groups: [(parent: [UInt32], members: [Int])] = []
    for (index, member) in members.enumerated() {
      if let group = groups.firstIndex(where: { $0.parent == member.parent }) {
        groups[group].members.append(index)
      } else {
        groups.append((member.parent, [index]))
      }
    }
    self.groups = groups
  }

  /// Whether record `doc` left out any value (when not, its stored bytes are the record).
  func leavesOut(_ doc: Int) -> Bool {
    members.contains { $0.leavesOut(doc) }
  }

  /// Whether the value of root key `key` is left out of the records.
  func leavesOut(rootKey key: UInt32) -> Bool { rootMember(key) != nil }

  /// The member whose values root key `key` holds, if its values are left out.
  @inline(__always)
  func rootMember(_ key: UInt32) -> Int? {
    guard let member = keyNodes.entry(node: 0, key: key)?.member, member >= 0 else { return nil }
    return Int(member)
  }

  /// Appends record `doc` to `output` as it was saved: its stored bytes `bytes` with the left-out values
  /// put back at the end of their objects.
  func restore(_ bytes: UnsafeBufferPointer<UInt8>, doc: Int, into output: inout [UInt8]) {
    var reader = PackedReader(bytes)
    guard reader.byte() == PackedTag.object.rawValue else {
      output.append(contentsOf: bytes)
      return
    }
    output.reserveCapacity(output.count + bytes.count + 64)
    output.append(PackedTag.object.rawValue)
    var path: [UInt32] = []
    restoreObject(&reader, path: &path, doc: doc, into: &output)
  }

  /// Copies an object's members (the reader is past its tag), descending into the objects that hold
  /// left-out values, then appends the left-out values of `path` and the end marker.
  private func restoreObject(
    _ reader: inout PackedReader, path: inout [UInt32], doc: Int, into output: inout [UInt8]
  ) {
    var span = reader.position
    while true {
      let keyStart = reader.position
      guard let key = reader.nextKey() else { break }
      path.append(key)
      defer { path.removeLast() }
      guard reader.bytes[reader.position] == PackedTag.object.rawValue, containers.contains(path) else {
        reader.skipValue()
        continue
      }
      // The bytes before this container, then the container itself, rebuilt.
      output.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[span..<keyStart]))
      output.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[keyStart...reader.position]))
      reader.position += 1
      restoreObject(&reader, path: &path, doc: doc, into: &output)
      span = reader.position
    }
    // Everything since the last container but the end marker just read.
    output.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[span..<reader.position - 1]))
    for member in members where member.parent == path && member.leavesOut(doc) {
      var key = member.key + 1
      while key >= 0x80 {
        output.append(UInt8(truncatingIfNeeded: key) | 0x80)
        key >>= 7
      }
      output.append(UInt8(key))
      member.appendValue(doc, to: &output)
    }
    output.append(0)
  }

  /// Puts record `doc`'s left-out values into `object`, the record unpacked from its stored bytes, read
  /// with `codec` (`keyNames` its key strings by id): what reading a hit needs, without copying the
  /// record's bytes first.
  func restore(_ object: inout [String: JSON], doc: Int, codec: PackedCodec, keyNames: [String]) {
    for group in groups {
      var values: [(key: UInt32, value: JSON)] = []
      for index in group.members {
        if let value = members[index].value(doc, codec: codec, keyNames: keyNames) {
          values.append((members[index].key, value))
        }
      }
      guard !values.isEmpty else { continue }
      Self.insert(values, along: group.parent[...], in: &object, keyNames: keyNames)
    }
  }

  /// Sets members `values` of the object reached from `object` by the keys of `path`, when there is one.
  private static func insert(
    _ values: [(key: UInt32, value: JSON)], along path: ArraySlice<UInt32>, in object: inout [String: JSON],
    keyNames: [String]
  ) {
    guard let first = path.first else {
      for (key, value) in values where Int(key) < keyNames.count { object[keyNames[Int(key)]] = value }
      return
    }
    guard Int(first) < keyNames.count, case .object(var inner)? = object[keyNames[Int(first)]] else { return }
    // Taken out while it changes, so that it is changed in place rather than copied.
    object[keyNames[Int(first)]] = nil
    insert(values, along: path.dropFirst(), in: &inner, keyNames: keyNames)
    object[keyNames[Int(first)]] = .object(inner)
  }

  /// Bytes held by the value tables.
  var storageBytes: Int {
    members.reduce(0) { $0 + $1.values.count + $1.valueStarts.count * 4 }
  }
}
