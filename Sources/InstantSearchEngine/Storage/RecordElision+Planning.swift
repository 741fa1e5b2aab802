extension RecordElision {
  /// The attributes `snapshot`'s records can leave out, checked against every record; `nil` when none can.
  ///
  /// A candidate is a facet column with at most one value a record, neither searchable (the text walker
  /// reads searchable values in place) nor `objectID`, whose path names one trie node. It qualifies when,
  /// in every record with a value id, the attribute occurs exactly once, inside objects only (not
  /// arrays), in a container that occurs once, with the same packed bytes as every other record with
  /// that value id. Records with a repeated root key (whose last occurrence counts) leave nothing out.
  static func plan(for snapshot: IndexSnapshot) -> RecordElision? {
    let settings = snapshot.settings
    guard !snapshot.hasRepeatedRootKeys, !settings.searchableAttributes.isEmpty, snapshot.recordCount > 0 else {
      return nil
    }
    let paths = TrieKeyPaths(snapshot.trie)
    var candidates: [Candidate] = []
    for (path, column) in snapshot.facets.sorted(by: { $0.key < $1.key }) {
      let source: RecordElision.Member.Source
      if let ids = column.single {
        source = .single(ids)
      } else if !column.docStarts.isEmpty {
        source = .array(starts: column.docStarts, ids: column.docValues)
      } else {
        continue
      }
      guard path != "objectID",
        !settings.searchableAttributes.contains(where: { path == $0.path || path.hasPrefix($0.path + ".") }),
        let node = paths.uniqueNode(path)
      else { continue }
      candidates.append(
        Candidate(path: path, node: node, parent: paths.parent[node], source: source, values: column.valueCount))
    }
    // Numbers no facet column holds, in numeric columns of one value a record.
    for (path, column) in snapshot.numerics.sorted(by: { $0.key < $1.key })
    where snapshot.facets[path] == nil && (column.single != nil || column.singleFloat != nil) {
      guard path != "objectID",
        !settings.searchableAttributes.contains(where: { path == $0.path || path.hasPrefix($0.path + ".") }),
        let node = paths.uniqueNode(path)
      else { continue }
      candidates.append(
        Candidate(path: path, node: node, parent: paths.parent[node], source: .number(column), values: 0))
    }
    guard !candidates.isEmpty else { return nil }
    var check = PlanCheck(candidates: candidates, trie: snapshot.trie, nodeCount: paths.parent.count)
    for doc in 0..<snapshot.recordCount {
      snapshot.store.withRecord(doc) { check.visit($0, doc: doc) }
      if !check.anyAlive { return nil }
    }
    let members = check.candidates.indices.compactMap { index -> Member? in
      let candidate = check.candidates[index]
      guard candidate.alive else { return nil }
      var values: [UInt8] = []
      var starts: [UInt32] = [0]
      for value in check.tables[index] {
        values.append(contentsOf: value ?? [])
        starts.append(UInt32(values.count))
      }
      return Member(
        path: candidate.path, parent: paths.keyPath(candidate.parent), key: paths.key[candidate.node],
        source: candidate.source, values: Column(values), valueStarts: Column(starts))
    }
    return members.isEmpty ? nil : RecordElision(members: members)
  }

  /// Appends record `doc`'s stored bytes `bytes` to `output` without the values this elision leaves out
  /// (which ``plan(for:)`` found to be exactly their columns' values).
  func strip(_ bytes: UnsafeBufferPointer<UInt8>, doc: Int, into output: inout [UInt8]) {
    var reader = PackedReader(bytes)
    guard leavesOut(doc), reader.byte() == PackedTag.object.rawValue else {
      output.append(contentsOf: bytes)
      return
    }
    output.append(PackedTag.object.rawValue)
    var path: [UInt32] = []
    stripObject(&reader, path: &path, doc: doc, into: &output)
  }

  private func stripObject(_ reader: inout PackedReader, path: inout [UInt32], doc: Int, into output: inout [UInt8]) {
    while true {
      let keyStart = reader.position
      guard let key = reader.nextKey() else { break }
      path.append(key)
      defer { path.removeLast() }
      let member = path.count == 1 ? rootMembers[key] : memberOfPath[path]
      let left = member.map { members[$0].leavesOut(doc) } ?? false
      if left {
        reader.skipValue()
      } else if reader.bytes[reader.position] == PackedTag.object.rawValue, containers.contains(path) {
        output.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[keyStart...reader.position]))
        reader.position += 1
        stripObject(&reader, path: &path, doc: doc, into: &output)
      } else {
        reader.skipValue()
        output.append(contentsOf: UnsafeBufferPointer(rebasing: reader.bytes[keyStart..<reader.position]))
      }
    }
    output.append(0)
  }
}

/// A facet column considered for leaving out, while ``RecordElision/plan(for:)`` checks the records.
private struct Candidate {
  let path: String
  let node: Int
  let parent: Int
  let source: RecordElision.Member.Source
  let values: Int
  var alive = true
}

/// The key path of every node of a ``PathTrie``.
private struct TrieKeyPaths {
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

/// The record-by-record check of ``RecordElision/plan(for:)``.
private struct PlanCheck {
  var candidates: [Candidate]
  let trie: PathTrie
  /// The candidate of each node (-1: none), and whether a node is an object holding candidates' values
  /// (or holding such objects), which the check descends into.
  private var candidateOfNode: [Int]
  private var isContainer: [Bool]
  /// The packed bytes of each candidate's values, by value id, as first seen.
  var tables: [[[UInt8]?]]
  /// Per candidate, in the current record: occurrences of its value and of its container.
  private var occurrences: [Int]
  private var containerVisits: [Int]

  init(candidates: [Candidate], trie: PathTrie, nodeCount: Int) {
    self.candidates = candidates
    self.trie = trie
    candidateOfNode = [Int](repeating: -1, count: nodeCount)
    isContainer = [Bool](repeating: false, count: nodeCount)
    let paths = TrieKeyPaths(trie)
    for (index, candidate) in candidates.enumerated() {
      candidateOfNode[candidate.node] = index
      var node = candidate.parent
      while node > 0 {
        isContainer[node] = true
        node = paths.parent[node]
      }
    }
    tables = candidates.map { [[UInt8]?](repeating: nil, count: $0.values) }
    occurrences = [Int](repeating: 0, count: candidates.count)
    containerVisits = [Int](repeating: 0, count: candidates.count)
  }

  var anyAlive: Bool { candidates.contains(where: \.alive) }

  mutating func visit(_ bytes: UnsafeBufferPointer<UInt8>, doc: Int) {
    for index in occurrences.indices {
      occurrences[index] = 0
      containerVisits[index] = 0
    }
    var reader = PackedReader(bytes)
    guard reader.byte() == PackedTag.object.rawValue else {
      for index in candidates.indices where candidates[index].source.hasValue(doc) { candidates[index].alive = false }
      return
    }
    visitObject(&reader, node: 0, doc: doc)
    for index in candidates.indices where candidates[index].alive && candidates[index].source.hasValue(doc) {
      if occurrences[index] != 1 || containerVisits[index] != 1 { candidates[index].alive = false }
    }
  }

  private mutating func visitObject(_ reader: inout PackedReader, node: Int, doc: Int) {
    for index in candidates.indices where candidates[index].parent == node { containerVisits[index] += 1 }
    while let key = reader.nextKey() {
      guard let child = trie.children[node][key].map(Int.init) else {
        reader.skipValue()
        continue
      }
      let start = reader.position
      let isObject = reader.bytes[start] == PackedTag.object.rawValue
      if isObject, isContainer[child] {
        reader.position += 1
        visitObject(&reader, node: child, doc: doc)
        continue
      }
      reader.skipValue()
      let index = candidateOfNode[child]
      guard index >= 0, candidates[index].alive else { continue }
      let value = UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.position])
      switch candidates[index].source {
      case .single(let ids):
        guard let id = ids.value(doc) else { continue }
        occurrences[index] += 1
        if !learn(value, id: id, candidate: index) { candidates[index].alive = false }
      case .array(let starts, let ids):
        guard starts[doc] < starts[doc + 1] else { continue }
        occurrences[index] += 1
        if !matchesArray(value, ids: ids, range: Int(starts[doc])..<Int(starts[doc + 1]), candidate: index) {
          candidates[index].alive = false
        }
      case .number(let column):
        guard let number = column.firstValue(doc) else { continue }
        occurrences[index] += 1
        if !RecordElision.Member.packed(number).elementsEqual(value) { candidates[index].alive = false }
      }
    }
  }

  /// Whether `value` is the packed value of `id` as first seen (learning it when it is the first).
  private mutating func learn(_ value: UnsafeBufferPointer<UInt8>, id: Int, candidate index: Int) -> Bool {
    if let known = tables[index][id] { return known.elementsEqual(value) }
    tables[index][id] = Array(value)
    return true
  }

  /// Whether `value` is an array of exactly the values of `ids[range]`, in that order.
  private mutating func matchesArray(
    _ value: UnsafeBufferPointer<UInt8>, ids: Column<UInt32>, range: Range<Int>, candidate index: Int
  ) -> Bool {
    var reader = PackedReader(value)
    guard reader.byte() == PackedTag.array.rawValue else { return false }
    for position in range {
      guard reader.position < value.count, value[reader.position] != PackedTag.end.rawValue else { return false }
      let start = reader.position
      reader.skipValue()
      let element = UnsafeBufferPointer(rebasing: value[start..<reader.position])
      if !learn(element, id: Int(ids[position]), candidate: index) { return false }
    }
    return reader.position + 1 == value.count && value[reader.position] == PackedTag.end.rawValue
  }
}
