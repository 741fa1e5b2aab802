extension RecordElision {
  /// The attributes `snapshot`'s records can leave out, checked against every record; `nil` when none can.
  ///
  /// A candidate is an attribute neither searchable (the text walker reads searchable values in place) nor
  /// `objectID`, whose path names one trie node, held by a facet column (one value a record, or several,
  /// then as an array) or else by a numeric column of one number a record. It qualifies when, in every
  /// record with a value, the attribute occurs exactly once, reached through objects only (not arrays), in
  /// a container that occurs once, with the packed bytes the column gives back: the same bytes for the same
  /// value id, an array of exactly the record's value ids in order, the number packed as records pack it.
  /// Records with a repeated root key (whose last occurrence counts) leave nothing out. From
  /// `twoThreadsFrom` records on, the records are checked in two halves on two threads.
  static func plan(
    for snapshot: IndexSnapshot, twoThreadsFrom: Int = ElisionPlanCheck.twoThreadThreshold
  ) -> RecordElision? {
    guard let (candidates, paths) = candidates(for: snapshot) else { return nil }
    let check = ElisionPlanCheck.run(
      candidates: candidates, snapshot: snapshot, nodeCount: paths.parent.count, twoThreadsFrom: twoThreadsFrom)
    return planned(by: check, paths: paths)
  }

  /// The attributes of `snapshot` that ``plan(for:twoThreadsFrom:)`` checks, with its trie's key paths;
  /// `nil` when there are none.
  static func candidates(for snapshot: IndexSnapshot) -> ([ElisionCandidate], TrieKeyPaths)? {
    let settings = snapshot.settings
    guard !snapshot.hasRepeatedRootKeys, !settings.searchableAttributes.isEmpty, snapshot.recordCount > 0 else {
      return nil
    }
    let paths = TrieKeyPaths(snapshot.trie)
    /// The node of an attribute that may be left out, if it may.
    func eligibleNode(_ path: String) -> Int? {
      guard path != "objectID",
        !settings.searchableAttributes.contains(where: { path == $0.path || path.hasPrefix($0.path + ".") })
      else { return nil }
      return paths.uniqueNode(path)
    }
    var candidates: [ElisionCandidate] = []
    for (path, column) in snapshot.facets.sorted(by: { $0.key < $1.key }) {
      let source: RecordElision.Member.Source
      if let ids = column.single {
        source = .single(ids)
      } else if !column.docStarts.isEmpty {
        source = .array(starts: column.docStarts, ids: column.docValues)
      } else {
        continue
      }
      guard let node = eligibleNode(path) else { continue }
      candidates.append(
        ElisionCandidate(path: path, node: node, parent: paths.parent[node], source: source, values: column.valueCount))
    }
    // Numbers no facet column holds, in numeric columns of one value a record.
    for (path, column) in snapshot.numerics.sorted(by: { $0.key < $1.key })
    where snapshot.facets[path] == nil && column.coded != nil {
      guard let node = eligibleNode(path) else { continue }
      candidates.append(
        ElisionCandidate(path: path, node: node, parent: paths.parent[node], source: .number(column), values: 0))
    }
    return candidates.isEmpty ? nil : (candidates, paths)
  }

  /// The elision of the candidates that survived `check` (every record checked); `nil` when none did.
  static func planned(by check: ElisionPlanCheck, paths: TrieKeyPaths) -> RecordElision? {
    guard check.anyAlive else { return nil }
    let members = check.candidates.indices.compactMap { index -> Member? in
      let candidate = check.candidates[index]
      guard candidate.alive else { return nil }
      let (values, starts) = check.tables[index].packed()
      return Member(
        path: candidate.path, parent: paths.keyPath(candidate.parent), key: paths.key[candidate.node],
        source: candidate.source, values: Column(values), valueStarts: Column(starts))
    }
    return members.isEmpty ? nil : RecordElision(members: members)
  }

  /// Appends record `doc`'s stored bytes `bytes` to `output` without the values this elision leaves out
  /// (which ``plan(for:)`` found to be exactly their columns' values). `leaves(member)` tells whether
  /// the record left member `member`'s value out (see ``leavingMasks(_:into:)``).
  func strip(_ bytes: UnsafeBufferPointer<UInt8>, leaves: (Int) -> Bool, into output: inout [UInt8]) {
    var reader = PackedReader(bytes)
    guard members.indices.contains(where: leaves), reader.byte() == PackedTag.object.rawValue else {
      output.append(contentsOf: bytes)
      return
    }
    output.append(PackedTag.object.rawValue)
    stripObject(&reader, node: 0, leaves: leaves, into: &output)
  }

  /// The words of the members' bits of each record of `block`: bit `m` of word `m / 64` of record
  /// `doc`'s ``maskWords`` words (from `(doc - block.lowerBound) * maskWords`) is set when the record
  /// leaves member `m`'s value out. Column by column: a record's strip then reads no column.
  func leavingMasks(_ block: Range<Int>, into masks: inout [UInt64]) {
    masks.removeAll(keepingCapacity: true)
    masks.append(contentsOf: repeatElement(0, count: block.count * maskWords))
    for (member, entry) in members.enumerated() {
      let word = member >> 6
      let bit = UInt64(1) << UInt64(member & 63)
      entry.source.forEachRecordWithValue(in: block) { doc in
        masks[(doc - block.lowerBound) * maskWords + word] |= bit
      }
    }
  }

  /// The words of one record's mask in ``leavingMasks(_:into:)``.
  var maskWords: Int { (members.count + 63) >> 6 }

  private func stripObject(
    _ reader: inout PackedReader, node: Int, leaves: (Int) -> Bool, into output: inout [UInt8]
  ) {
    while true {
      let keyStart = reader.position
      guard let key = reader.nextKey() else { break }
      let entry = keyNodes.entry(node: node, key: key)
      if let entry, entry.member >= 0, leaves(Int(entry.member)) {
        reader.skipValue()
      } else if let entry, entry.container >= 0, reader.bytes[reader.position] == PackedTag.object.rawValue {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[keyStart...reader.position]))
        reader.position += 1
        stripObject(&reader, node: Int(entry.container), leaves: leaves, into: &output)
      } else {
        reader.skipValue()
        output.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[keyStart..<reader.position]))
      }
    }
    output.append(0)
  }
}

/// A facet column considered for leaving out, while ``RecordElision/plan(for:)`` checks the records.
struct ElisionCandidate: Sendable {
  let path: String
  let node: Int
  let parent: Int
  let source: RecordElision.Member.Source
  let values: Int
  var alive = true
}

/// The key path of every node of a ``PathTrie``.
struct TrieKeyPaths {
  /// Each node's parent (-1 for the root) and key id in it.
  var parent: [Int]
  var key: [UInt32]
  private var nodeOfPath: [String: Int] = [:]
  private var repeatedPaths: Set<String> = []

  init(_ trie: PathTrie) {
    parent = [Int](repeating: -1, count: trie.count)
    key = [UInt32](repeating: 0, count: trie.count)
    for (node, children) in trie.children.enumerated() {
      for (key, child) in children {
        parent[Int(child)] = node
        self.key[Int(child)] = key
      }
    }
    for (node, path) in trie.paths.enumerated() where node > 0 {
      if nodeOfPath.updateValue(node, forKey: path) != nil { repeatedPaths.insert(path) }
    }
  }

  /// The node of `path`, when exactly one node has it (keys holding dots can make two).
  func uniqueNode(_ path: String) -> Int? {
    repeatedPaths.contains(path) ? nil : nodeOfPath[path]
  }

  /// The key ids from the root to `node`.
  func keyPath(_ node: Int) -> [UInt32] {
    var keys: [UInt32] = []
    var current = node
    while current > 0 {
      keys.append(key[current])
      current = parent[current]
    }
    return keys.reversed()
  }
}
