/// One word of a record's searchable text: its attribute node, its position within the attribute (across
/// array elements) and its term.
struct WalkedToken {
  var node: Int32
  var position: Int32
  var term: UInt32
  /// Whether the token is the only word of its text (an attribute's value, or one element of an array):
  /// what `exactOnSingleWordQuery: attribute` asks of an exact match.
  var isWhole = false
  /// Bit `i` set when the token matches query word `i` (filled by the scorer, for the first 64 words).
  var words: UInt64 = 0
}

/// Reads the searchable text of packed records, descending only into the attributes that hold or lead to
/// searchable text. Built once per snapshot from its path trie.
struct TextWalker: Sendable {
  /// `edgeStarts[node]..<edgeStarts[node + 1]` in `edgeKeys`/`edgeChildren`: the node's children that
  /// hold or lead to searchable text.
  private let edgeStarts: [Int]
  private let edgeKeys: [UInt32]
  private let edgeChildren: [Int32]
  private let isSearchable: [Bool]
  /// The nodes that hold searchable text.
  let searchableNodes: [Int]

  /// Whether a record's walk ends once its last top-level attribute leading to searchable text is read
  /// (not when some record repeats a top-level key).
  let leavesRecordsEarly: Bool
  /// The top-level attribute each node belongs to (-1 for the root).
  let topLevel: [Int32]

  init(trie: PathTrie, searchableNodes: Set<Int>, leavesRecordsEarly: Bool = false) {
    self.leavesRecordsEarly = leavesRecordsEarly
    var leads = [Bool](repeating: false, count: trie.count)
    // Children always have larger ids than their parents: a reverse pass settles every subtree first.
    for node in stride(from: trie.count - 1, through: 0, by: -1) {
      leads[node] = searchableNodes.contains(node) || trie.children[node].values.contains { leads[Int($0)] }
    }
    var starts = [0]
    var keys: [UInt32] = []
    var children: [Int32] = []
    for node in 0..<trie.count {
      for (key, child) in trie.children[node].sorted(by: { $0.key < $1.key }) where leads[Int(child)] {
        keys.append(key)
        children.append(child)
      }
      starts.append(keys.count)
    }
    edgeStarts = starts
    edgeKeys = keys
    edgeChildren = children
    isSearchable = (0..<trie.count).map { searchableNodes.contains($0) }
    self.searchableNodes = searchableNodes.sorted()
    // Children have larger ids than their parents: a forward pass settles every parent first.
    var top = [Int32](repeating: -1, count: trie.count)
    for node in 0..<trie.count {
      for child in trie.children[node].values { top[Int(child)] = node == 0 ? child : top[node] }
    }
    topLevel = top
  }

  /// Appends the searchable words of `bytes` to `tokens`, in record order, mapping tokens to terms with
  /// `termOfToken` (tokens without a term are counted for positions but not appended). `positions` is
  /// scratch space indexed by node, all zero on entry and on return.
  ///
  /// Only the tokens whose term `keep` holds are appended (positions still count every token).
  func collect(
    _ bytes: UnsafeBufferPointer<UInt8>, termOfToken: UnsafeBufferPointer<UInt32>, positions: inout [Int32],
    into tokens: inout [WalkedToken], keep: TermSpan
  ) {
    var cutoff = WalkCutoff.none
    collect(bytes, termOfToken: termOfToken, positions: &positions, into: &tokens, keep: keep, cutoff: &cutoff)
  }

  /// ``collect(_:termOfToken:positions:into:keep:)`` that gives the record up (setting
  /// ``WalkCutoff/gaveUp``) once `cutoff` shows that none of its words can rank within the cutoff's limit;
  /// ``WalkCutoff/satisfied`` tells afterwards whether one did.
  func collect(
    _ bytes: UnsafeBufferPointer<UInt8>, termOfToken: UnsafeBufferPointer<UInt32>, positions: inout [Int32],
    into tokens: inout [WalkedToken], keep: TermSpan, cutoff: inout WalkCutoff
  ) {
    if positions.count < isSearchable.count { positions = [Int32](repeating: 0, count: isSearchable.count) }
    var reader = PackedReader(bytes)
    if cutoff.isActive {
      cutoff.start()
      if cutoff.remainingLow == 0 {
        cutoff.gaveUp = true
        return
      }
    }
    walk(
      &reader, node: 0, termOfToken: termOfToken, positions: &positions, tokens: &tokens, keep: keep,
      cutoff: &cutoff)
    for node in searchableNodes { positions[node] = 0 }
  }

  private func walk(
    _ reader: inout PackedReader, node: Int, termOfToken: UnsafeBufferPointer<UInt32>, positions: inout [Int32],
    tokens: inout [WalkedToken], keep: TermSpan, cutoff: inout WalkCutoff
  ) {
    guard let tag = PackedTag(rawValue: reader.byte()) else { return }
    switch tag {
    case .object:
      let start = edgeStarts[node]
      let end = edgeStarts[node + 1]
      var unvisited = end - start
      while let key = reader.nextKey() {
        var child = -1
        for edge in start..<end where edgeKeys[edge] == key {
          child = Int(edgeChildren[edge])
          break
        }
        if child >= 0 {
          if node == 0, cutoff.isActive, cutoff.isLowTopLevel[child] { cutoff.remainingLow -= 1 }
          walk(
            &reader, node: child, termOfToken: termOfToken, positions: &positions, tokens: &tokens, keep: keep,
            cutoff: &cutoff)
          if cutoff.gaveUp { return }
          // Past the last top-level attribute that could rank within the cutoff, with no word there.
          if node == 0, cutoff.isActive, !cutoff.satisfied, cutoff.remainingLow == 0 {
            cutoff.gaveUp = true
            return
          }
          unvisited -= 1
          // Once the root has shown every attribute that leads to searchable text, the rest of the
          // record holds none (nested objects are still read to their end).
          if unvisited == 0, node == 0, leavesRecordsEarly { return }
        } else {
          reader.skipValue()
        }
      }
    case .array:
      while !reader.atEnd() {
        walk(
          &reader, node: node, termOfToken: termOfToken, positions: &positions, tokens: &tokens, keep: keep,
          cutoff: &cutoff)
        if cutoff.gaveUp { return }
      }
    case .text:
      let count = Int(reader.varint())
      guard isSearchable[node] else {
        for _ in 0..<count { _ = reader.varint() }
        return
      }
      var position = positions[node]
      if cutoff.isActive, !cutoff.satisfied {
        readWithCutoff(
          &reader, count: count, node: node, position: &position, termOfToken: termOfToken, tokens: &tokens,
          keep: keep, cutoff: &cutoff)
        if cutoff.gaveUp { return }
        positions[node] = position &+ 1
        return
      }
      for _ in 0..<count {
        let token = Int(reader.shortVarint())
        if let term = keep.keptTerm(token, termOfToken: termOfToken) {
          tokens.append(WalkedToken(node: Int32(node), position: position, term: term, isWhole: count == 1))
        }
        position &+= 1
      }
      positions[node] = position &+ 1
    default:
      reader.position -= 1
      reader.skipValue()
    }
  }

  /// Reads the `count` words of a text of `node` while the record is not yet in the running: a word of a
  /// query term ranked within the limit puts it there (the rest is read as usual); in an ordered top-level
  /// attribute with no other attribute left that could rank within the limit, a word ranked past the limit
  /// gives the record up.
  private func readWithCutoff(
    _ reader: inout PackedReader, count: Int, node: Int, position: inout Int32,
    termOfToken: UnsafeBufferPointer<UInt32>, tokens: inout [WalkedToken], keep: TermSpan, cutoff: inout WalkCutoff
  ) {
    // The last position of this text whose words rank within the limit (-1: none).
    let within = cutoff.lastPositionWithin(node: node)
    // Nothing unread can rank within the limit once this ordered top-level attribute is past it.
    let canGiveUp = Int(topLevel[node]) == node && cutoff.nodeOrdered[node] && cutoff.remainingLow == 0
    var read = 0
    while read < count {
      if canGiveUp, position > within {
        cutoff.gaveUp = true
        return
      }
      let token = Int(reader.shortVarint())
      read += 1
      if let term = keep.keptTerm(token, termOfToken: termOfToken) {
        tokens.append(WalkedToken(node: Int32(node), position: position, term: term, isWhole: count == 1))
        if position <= within {
          cutoff.satisfied = true
          position &+= 1
          break
        }
      }
      position &+= 1
    }
    // In the running: the rest is read as without a cutoff.
    while read < count {
      let token = Int(reader.shortVarint())
      read += 1
      if let term = keep.keptTerm(token, termOfToken: termOfToken) {
        tokens.append(WalkedToken(node: Int32(node), position: position, term: term, isWhole: count == 1))
      }
      position &+= 1
    }
  }
}

/// A set of terms kept as a bitset over the span of ids between its smallest and largest member: what a
/// query's words match, checked for every word of every record the query scores.
struct TermSpan: Sendable {
  private let lower: UInt32
  private let bits: Bitset

  /// Every term (for callers that want all the words).
  static let all = TermSpan(lower: 0, bits: Bitset(universe: 0), everything: true)
  private let everything: Bool

  private init(lower: UInt32, bits: Bitset, everything: Bool) {
    self.lower = lower
    self.bits = bits
    self.everything = everything
  }

  /// The terms of `runs` (of any number of words).
  init(_ runs: [TermRun]) {
    let lower = runs.map(\.lower).min() ?? 0
    let upper = runs.map(\.upper).max() ?? 0
    var bits = Bitset(universe: Int(upper - lower))
    for run in runs { bits.insert(Int(run.lower - lower)..<Int(run.upper - lower)) }
    self.init(lower: lower, bits: bits, everything: false)
  }

  @inline(__always)
  func contains(_ term: UInt32) -> Bool {
    everything || (term >= lower && bits.contains(term &- lower))
  }

  /// The tokens of the member terms, when listed (see ``TextIndex/tokens(of:)``): a word of a record is
  /// then checked by its token, its term looked up only when it is kept.
  private(set) var tokens: Bitset?

  /// This set with its members' `tokens` listed.
  func listing(tokens: Bitset?) -> TermSpan {
    var copy = self
    copy.tokens = tokens
    return copy
  }

  /// The term of `token` (`termOfToken` maps tokens to terms) when it is a member, else `nil`.
  @inline(__always)
  func keptTerm(_ token: Int, termOfToken: UnsafeBufferPointer<UInt32>) -> UInt32? {
    if let tokens {
      guard tokens.contains(UInt32(truncatingIfNeeded: token)), token < termOfToken.count else { return nil }
      return termOfToken[token]
    }
    let term = token < termOfToken.count ? termOfToken[token] : TokenDictionary.noTerm
    return term != TokenDictionary.noTerm && contains(term) ? term : nil
  }
}
