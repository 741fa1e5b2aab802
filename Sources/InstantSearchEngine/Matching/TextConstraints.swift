import InstantSearchModel

/// What a query asks of its words' occurrences beyond their being in a record, in one snapshot: the
/// attributes they may be found in (`restrictSearchableAttributes`) and the phrases whose words must
/// follow one another (`advancedSyntax`). Postings say which records hold a word, not where; a record
/// they find is then read (``TextScorer``) to check these, so that the matches, their count, the facets
/// and the ranking all see the same records.
struct TextConstraints: Sendable {
  /// Per trie node, whether the node's words are left out of matching (outside the restriction); empty
  /// when no node is.
  private(set) var leftOutNodes: [Bool] = []
  /// Ranges of query words that must follow one another, in order, in one attribute.
  private(set) var phrases: [Range<Int>] = []

  /// No constraint: every occurrence of a word counts.
  init() {}

  /// The constraints of `query`, whose text reads as `text`, in `snapshot`.
  init(query: Query, text: QueryText, snapshot: IndexSnapshot) {
    phrases = text.phrases
    guard let restrict = query.restrictSearchableAttributes, !snapshot.settings.searchableAttributes.isEmpty else {
      return
    }
    let named = Set(restrict)
    // An entry shared by several attributes ("title,category") cannot be named alone, as on Algolia.
    var sharing: [Int: Int] = [:]
    for attribute in snapshot.settings.searchableAttributes { sharing[attribute.priority, default: 0] += 1 }
    let maxNode = snapshot.searchableNodes.keys.max() ?? -1
    var leftOut = [Bool](repeating: false, count: maxNode + 1)
    var anyLeftOut = false
    for (node, attribute) in snapshot.searchableNodes
    where !named.contains(attribute.path) || sharing[attribute.priority, default: 0] > 1 {
      leftOut[node] = true
      anyLeftOut = true
    }
    if anyLeftOut { leftOutNodes = leftOut }
  }

  /// Whether nothing is constrained.
  var isEmpty: Bool { leftOutNodes.isEmpty && phrases.isEmpty }

  /// Whether the words of `node` are left out.
  @inline(__always)
  func leavesOut(node: Int) -> Bool {
    node >= 0 && node < leftOutNodes.count && leftOutNodes[node]
  }
}
