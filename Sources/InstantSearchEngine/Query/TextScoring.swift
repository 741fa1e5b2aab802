/// Algolia's textual tie-breaking criteria for one record, compared in order: typo (fewer first), words
/// (more first), proximity (closer first), attribute (better first), exact (more first), then the custom
/// ranking and the record's position.
struct TextScore: Comparable, Sendable {
  var typos: Int
  var words: Int
  var proximity: Int
  var attribute: Int
  var exact: Int

  static func < (lhs: TextScore, rhs: TextScore) -> Bool {
    if lhs.typos != rhs.typos { return lhs.typos < rhs.typos }
    if lhs.words != rhs.words { return lhs.words > rhs.words }
    if lhs.proximity != rhs.proximity { return lhs.proximity < rhs.proximity }
    if lhs.attribute != rhs.attribute { return lhs.attribute < rhs.attribute }
    return lhs.exact > rhs.exact
  }
}

/// Computes ``TextScore``s by reading the searchable text of candidate records.
struct TextScorer {
  let snapshot: IndexSnapshot
  let words: [QueryWord]
  private let searchable: Set<Int>

  /// Per query word, a table by term: 0 for no match, else 1 + typos, bit 7 set when exact.
  private let tables: [[UInt8]]
  /// Attribute rank base by trie node (-1: not searchable), and whether positions count.
  private let nodeRanks: [Int]
  private let nodeOrdered: [Bool]

  init(snapshot: IndexSnapshot, words: [QueryWord]) {
    self.snapshot = snapshot
    self.words = words
    searchable = Set(snapshot.searchableNodes.keys)
    tables = words.map { word in
      var table = [UInt8](repeating: 0, count: word.matches.keys.max().map { Int($0) + 1 } ?? 0)
      for (term, match) in word.matches {
        table[Int(term)] = UInt8(min(match.typos, 100) + 1) | (match.isExact ? 0x80 : 0)
      }
      return table
    }
    var ranks = [Int](repeating: -1, count: (snapshot.searchableNodes.keys.max() ?? -1) + 1)
    var ordered = [Bool](repeating: false, count: ranks.count)
    for (node, attribute) in snapshot.searchableNodes {
      ranks[node] = attribute.priority * 100_000
      ordered[node] = attribute.isOrdered
    }
    nodeRanks = ranks
    nodeOrdered = ordered
  }

  /// The score of `doc`, or `nil` when a query word is missing from it.
  func score(_ doc: Int) -> TextScore? {
    let termOfToken = snapshot.codec.dictionary.termOfToken
    let count = words.count
    var bestTypos = [Int](repeating: Int.max, count: count)
    var exact = [Bool](repeating: false, count: count)
    var bestAttribute = Int.max
    var occurrences: [[(node: Int, position: Int)]] = Array(repeating: [], count: count)
    let tables = self.tables
    let nodeRanks = self.nodeRanks
    let nodeOrdered = self.nodeOrdered
    snapshot.store.withRecord(doc) { bytes in
      TextWalker.forEachSearchableToken(bytes, trie: snapshot.trie, searchableNodes: searchable) {
        node, token, position in
        let term = Int(termOfToken[Int(token)])
        guard term != Int(TokenDictionary.noTerm) else { return }
        for index in 0..<count {
          let match = term < tables[index].count ? tables[index][term] : 0
          guard match != 0 else { continue }
          bestTypos[index] = min(bestTypos[index], Int(match & 0x7F) - 1)
          if match & 0x80 != 0 { exact[index] = true }
          if count > 1 { occurrences[index].append((node, position)) }
          if node < nodeRanks.count, nodeRanks[node] >= 0 {
            let rank = nodeRanks[node] + (nodeOrdered[node] ? min(position, 99_999) : 0)
            bestAttribute = min(bestAttribute, rank)
          }
        }
      }
    }
    guard bestTypos.allSatisfy({ $0 != Int.max }) else { return nil }
    var proximity = 0
    if count > 1 {
      for index in 0..<(count - 1) {
        var best = 8
        for first in occurrences[index] {
          for second in occurrences[index + 1] where second.node == first.node {
            let distance = abs(second.position - first.position)
            if distance > 0 { best = min(best, distance) }
          }
        }
        proximity += best
      }
    }
    return TextScore(
      typos: bestTypos.reduce(0, +), words: count, proximity: proximity, attribute: bestAttribute,
      exact: exact.filter { $0 }.count)
  }
}
