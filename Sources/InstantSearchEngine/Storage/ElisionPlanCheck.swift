/// The record-by-record check of ``RecordElision/plan(for:)``.
struct ElisionPlanCheck: Sendable {
  var candidates: [ElisionCandidate]
  let trie: PathTrie
  /// The candidate of each node (-1: none), and whether a node is an object holding candidates' values
  /// (or holding such objects), which the check descends into.
  private var candidateOfNode: [Int]
  private var isContainer: [Bool]
  /// Each node's child by key, looked up for every key of every record (the trie's dictionaries hash with
  /// SipHash: a tenth of the check's time at a million records).
  private let childOf: TrieChildCache
  /// The packed bytes of each candidate's values, by value id, as first seen.
  var tables: [ElisionValueTable]
  /// Per candidate, in the current record: occurrences of its value and of its container.
  private var occurrences: [Int]
  private var containerVisits: [Int]
  /// What each candidate's column holds for the records of the current block (see ``expect(_:)``).
  private var expectations = ElisionExpectations()
  /// A number packed as records pack it, to compare with a record's bytes (kept: no array a record).
  private var packedNumber = PackedWriter()
  /// The candidates that died so far (a fused walk that strips records stops stripping at a death).
  private(set) var deaths = 0
  /// Whether ``visit(_:doc:)`` notes, in ``omitted``, the bytes of each value that checked out (see
  /// ``RecordElision/planStripping(for:twoThreadsFrom:)``).
  var notesOmitted = false
  /// The key-and-value byte ranges of the values the last record visited would leave out, in order.
  private(set) var omitted: [Range<Int>] = []

  init(candidates: [ElisionCandidate], trie: PathTrie, nodeCount: Int) {
    self.candidates = candidates
    self.trie = trie
    var childOf = TrieChildCache()
    for (node, children) in trie.children.enumerated() {
      for (key, child) in children { childOf.remember(Int(child), of: node, key: key) }
    }
    self.childOf = childOf
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
    tables = candidates.map { ElisionValueTable(count: $0.values) }
    occurrences = [Int](repeating: 0, count: candidates.count)
    containerVisits = [Int](repeating: 0, count: candidates.count)
  }

  var anyAlive: Bool { candidates.contains(where: \.alive) }

  /// Records below this check on one thread: splitting costs more than it saves.
  static let twoThreadThreshold = 50_000

  /// Checks every record of `snapshot`: from `twoThreadsFrom` records on, each half on its own thread
  /// (an import of a million records spent 0.6 s here on one), the halves then merged.
  static func run(
    candidates: [ElisionCandidate], snapshot: IndexSnapshot, nodeCount: Int, twoThreadsFrom: Int
  ) -> ElisionPlanCheck {
    let fresh = ElisionPlanCheck(candidates: candidates, trie: snapshot.trie, nodeCount: nodeCount)
    let count = snapshot.recordCount
    @Sendable func check(_ docs: Range<Int>) -> ElisionPlanCheck {
      var check = fresh
      var blockStart = docs.lowerBound
      while blockStart < docs.upperBound, check.anyAlive {
        let block = blockStart..<min(blockStart + ElisionExpectations.blockLength, docs.upperBound)
        check.expect(block)
        for doc in block {
          snapshot.store.withRecord(doc) { check.visit($0, doc: doc) }
          if !check.anyAlive { break }
        }
        blockStart = block.upperBound
      }
      return check
    }
    let halves = Halves.map(count, twoThreadsFrom: twoThreadsFrom, check)
    guard var merged = halves.first else { return fresh }
    for later in halves.dropFirst() { merged.merge(later) }
    return merged
  }

  /// Takes in the check of the records after this one's: a candidate stays alive when it is in both and
  /// every value id seen in both has the same packed bytes (the first half's kept, as a single pass keeps
  /// the first seen).
  mutating func merge(_ later: ElisionPlanCheck) {
    for index in candidates.indices {
      guard candidates[index].alive, later.candidates[index].alive else {
        if candidates[index].alive { kill(index) }
        continue
      }
      if !tables[index].merge(later.tables[index]) { kill(index) }
    }
  }

  mutating func visit(_ bytes: UnsafeBufferPointer<UInt8>, doc: Int) {
    for index in occurrences.indices {
      occurrences[index] = 0
      containerVisits[index] = 0
    }
    omitted.removeAll(keepingCapacity: true)
    var reader = PackedReader(bytes)
    guard reader.byte() == PackedTag.object.rawValue else {
      for index in candidates.indices where candidates[index].alive && expectations.hasValue(index, doc) {
        kill(index)
      }
      return
    }
    visitObject(&reader, node: 0, doc: doc)
    for index in candidates.indices where candidates[index].alive && expectations.hasValue(index, doc) {
      if occurrences[index] != 1 || containerVisits[index] != 1 { kill(index) }
    }
  }

  /// Candidate `index` cannot be left out.
  private mutating func kill(_ index: Int) {
    candidates[index].alive = false
    deaths += 1
  }

  /// Reads what each candidate's column holds for the records of `block` (at most
  /// ``ElisionExpectations/blockLength``), column by column, before ``visit(_:doc:)`` checks them: a
  /// record's check then reads plain numbers, never a column (whose storage each read would retain).
  mutating func expect(_ block: Range<Int>) {
    expectations.start(block, candidates: candidates.count)
    for (index, candidate) in candidates.enumerated() where candidate.alive {
      expectations.fill(index, from: candidate.source)
    }
  }

  private mutating func visitObject(_ reader: inout PackedReader, node: Int, doc: Int) {
    for index in candidates.indices where candidates[index].parent == node { containerVisits[index] += 1 }
    while true {
      let keyStart = reader.position
      guard let key = reader.nextKey() else { break }
      guard let child = childOf.child(of: node, key: key) else {
        reader.skipValue()
        continue
      }
      let start = reader.position
      let isObject = reader.bytes[start] == PackedTag.object.rawValue
      if isObject, isContainer[child] {
        // A candidate's key holding an object that holds candidates, in a record whose column has a value
        // for the key: the key stays. (A record holding the key twice in one object, the value and such an
        // object, lost the object: left out, the value was put back last and read instead of it.)
        let index = candidateOfNode[child]
        if index >= 0, candidates[index].alive, expectations.hasValue(index, doc) { kill(index) }
        reader.position += 1
        visitObject(&reader, node: child, doc: doc)
        continue
      }
      reader.skipValue()
      let index = candidateOfNode[child]
      guard index >= 0, candidates[index].alive else { continue }
      let value = UnsafeBufferPointer(rebasing: reader.bytes[start..<reader.position])
      switch expectations[index, doc] {
      case .none:
        continue
      case .id(let id):
        occurrences[index] += 1
        if !learn(value, id: id, candidate: index) { kill(index) }
      case .ids(let range):
        occurrences[index] += 1
        if !matchesArray(value, ids: range, candidate: index) { kill(index) }
      case .number(let number):
        occurrences[index] += 1
        packedNumber.bytes.removeAll(keepingCapacity: true)
        packedNumber.number(number)
        if !packedNumber.bytes.withUnsafeBufferPointer({ ElisionValueTable.same($0, value) }) { kill(index) }
      }
      if notesOmitted, candidates[index].alive { omitted.append(keyStart..<reader.position) }
    }
  }

  /// Whether `value` is the packed value of `id` as first seen (learning it when it is the first).
  private mutating func learn(_ value: UnsafeBufferPointer<UInt8>, id: Int, candidate index: Int) -> Bool {
    tables[index].learn(value, id: id)
  }

  /// Whether `value` is an array of exactly the value ids `range` of ``expectations``, in that order.
  private mutating func matchesArray(_ value: UnsafeBufferPointer<UInt8>, ids range: Range<Int>, candidate index: Int)
    -> Bool
  {
    var reader = PackedReader(value)
    guard reader.byte() == PackedTag.array.rawValue else { return false }
    for position in range {
      guard reader.position < value.count, value[reader.position] != PackedTag.end.rawValue else { return false }
      let start = reader.position
      reader.skipValue()
      let element = UnsafeBufferPointer(rebasing: value[start..<reader.position])
      if !learn(element, id: expectations.arrayID(position), candidate: index) { return false }
    }
    return reader.position + 1 == value.count && value[reader.position] == PackedTag.end.rawValue
  }
}
