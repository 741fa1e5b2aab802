import InstantSearchModel

/// What a query asks of its words beyond their all being in a record, in one snapshot: the attributes
/// they may be found in (`restrictSearchableAttributes`), the phrases whose words must follow one another
/// (`advancedSyntax`), and the words a record need not hold (`optionalWords`). Postings say which records
/// hold a word, not where; with a restriction or a phrase, a record they find is then read
/// (``TextScorer``) to check it, so that the matches, their count, the facets and the ranking all see the
/// same records.
struct TextConstraints: Sendable {
  /// Per trie node, whether the node's words are left out of matching (outside the restriction); empty
  /// when no node is.
  private(set) var leftOutNodes: [Bool] = []
  /// Ranges of query words that must follow one another, in order, in one attribute.
  private(set) var phrases: [Range<Int>] = []
  /// Per query word, whether a record need not hold it (empty when every word is required).
  private(set) var optional: [Bool] = []
  /// The smallest distance between two words the proximity criterion tells apart (`minProximity`).
  private(set) var minProximity = 1
  /// What counts as exact for a query of one word (`exactOnSingleWordQuery`).
  private(set) var singleWordExact = Query.ExactOnSingleWordQuery.attribute
  /// Whether the attribute criterion is the attribute where the words are closest together
  /// (`attributeCriteriaComputedByMinProximity`).
  private(set) var attributeByMinProximity = false
  /// Whether the words criterion ranks first (`similarQuery`, see ``TextScore/wordsFirst``).
  private(set) var wordsFirst = false
  /// Per trie node, whether its words match only without typos (`disableTypoToleranceOnAttributes`);
  /// empty when no node is.
  private(set) var typoFreeNodes: [Bool] = []
  /// Per trie node, whether its words never count as exact (`disableExactOnAttributes`); empty when no
  /// node is.
  private(set) var exactFreeNodes: [Bool] = []
  /// Per trie node, whether its words match a prefix query word only as a whole word
  /// (`disablePrefixOnAttributes`); empty when no node is, or when no query word is a prefix.
  private(set) var prefixFreeNodes: [Bool] = []
  /// Per alternative scope (its raw value), per trie node, whether a word matched only through an
  /// alternative of that scope does not count there (a compound by its part outside the attributes
  /// `decompoundedAttributes` lists, a reading outside `attributesToTransliterate`'s); empty when no query
  /// word matches so, or when the scope covers every searchable attribute.
  private(set) var outsideNodes: [[Bool]] = []
  /// Whether some node has a typo, exact, prefix or compound rule.
  private(set) var hasAttributeRules = false

  /// No constraint: every occurrence of a word counts.
  init() {}

  /// The constraints of `query`, whose text reads as `text`, in `snapshot`; `words` (the query words,
  /// when known) say whether some word matches compounds as their part.
  init(query: Query, text: QueryText, snapshot: IndexSnapshot, words: [QueryWord] = []) {
    phrases = text.phrases
    minProximity = min(max(query.minProximity ?? 1, 1), 7)
    singleWordExact = query.exactOnSingleWordQuery ?? .attribute
    attributeByMinProximity = query.attributeCriteriaComputedByMinProximity == true
    wordsFirst = !(query.similarQuery ?? "").isEmpty
    if let entries = query.optionalWords, !entries.isEmpty {
      let words = Set(entries.flatMap { snapshot.settings.textAnalysis.words(of: $0) })
      let flags = text.words.map { !$0.isInPhrase && words.contains($0.text) }
      if flags.contains(true) { optional = flags }
    }
    typoFreeNodes = Self.nodes(named: query.disableTypoToleranceOnAttributes, in: snapshot)
    exactFreeNodes = Self.nodes(named: query.disableExactOnAttributes, in: snapshot)
    if (query.queryType ?? snapshot.settings.queryType) != .prefixNone {
      prefixFreeNodes = Self.nodes(named: snapshot.settings.disablePrefixOnAttributes, in: snapshot)
    }
    outsideNodes = Self.outsideNodes(words: words, in: snapshot)
    hasAttributeRules =
      !typoFreeNodes.isEmpty || !exactFreeNodes.isEmpty || !prefixFreeNodes.isEmpty || !outsideNodes.isEmpty
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

  /// Whether a match must be read to know that it holds (a restriction, a phrase, attributes whose
  /// words match only without typos or only as whole words, or compounds matched by a part, which count
  /// in decompounded attributes only).
  var needsReading: Bool {
    !leftOutNodes.isEmpty || !phrases.isEmpty || !typoFreeNodes.isEmpty || !prefixFreeNodes.isEmpty
      || !outsideNodes.isEmpty
  }

  /// Per alternative scope, per trie node, whether it is a searchable attribute the scope's list
  /// (``IndexSettings/attributes(of:)``) does not name (nor hold): empty for a scope through which no word
  /// of `words` matches, or whose list covers every searchable attribute; empty in all when every scope's is.
  static func outsideNodes(words: [QueryWord], in snapshot: IndexSnapshot) -> [[Bool]] {
    guard words.contains(where: { !$0.scopedTerms.isEmpty }) else { return [] }
    var result: [[Bool]] = []
    for scope in SynonymTable.Alternative.Scope.allCases {
      var outside: [Bool] = []
      if let names = snapshot.settings.attributes(of: scope), words.contains(where: { $0.termScopes.contains(scope) }) {
        let listed = nodes(named: names, in: snapshot)
        let nodeCount = (snapshot.searchableNodes.keys.max() ?? -1) + 1
        outside = (0..<nodeCount).map { node in
          snapshot.searchableNodes[node] != nil && !(node < listed.count && listed[node])
        }
      }
      result.append(outside.contains(true) ? outside : [])
    }
    return result.contains(where: { !$0.isEmpty }) ? result : []
  }

  /// The scopes whose matches do not count in attribute `path` (see ``outsideNodes``).
  static func scopes(outside path: String, in settings: IndexSettings) -> Set<SynonymTable.Alternative.Scope> {
    Set(
      SynonymTable.Alternative.Scope.allCases.filter { scope in
        guard let names = settings.attributes(of: scope) else { return false }
        return !names.contains(where: { path == $0 || path.hasPrefix($0 + ".") })
      })
  }

  /// Per searchable node, whether its path is one of `names` or inside one (`a` holds `a.b`); empty when
  /// none is.
  private static func nodes(named names: [String]?, in snapshot: IndexSnapshot) -> [Bool] {
    guard let names, !names.isEmpty else { return [] }
    var flags = [Bool](repeating: false, count: (snapshot.searchableNodes.keys.max() ?? -1) + 1)
    var any = false
    for node in snapshot.searchableNodes.keys where node < snapshot.trie.paths.count {
      let path = snapshot.trie.paths[node]
      if names.contains(where: { path == $0 || path.hasPrefix($0 + ".") }) {
        flags[node] = true
        any = true
      }
    }
    return any ? flags : []
  }

  /// Whether the words of `node` match only without typos.
  @inline(__always)
  func isTypoFree(node: Int) -> Bool {
    node >= 0 && node < typoFreeNodes.count && typoFreeNodes[node]
  }

  /// Whether the words of `node` match prefix query words only as whole words.
  @inline(__always)
  func isPrefixFree(node: Int) -> Bool {
    node >= 0 && node < prefixFreeNodes.count && prefixFreeNodes[node]
  }

  /// Whether a word matched only through an alternative of `scope` does not count in `node`.
  @inline(__always)
  func isOutside(_ scope: SynonymTable.Alternative.Scope, node: Int) -> Bool {
    guard scope.rawValue < outsideNodes.count else { return false }
    let nodes = outsideNodes[scope.rawValue]
    return node >= 0 && node < nodes.count && nodes[node]
  }

  /// Whether the words of `node` never count as exact.
  @inline(__always)
  func isExactFree(node: Int) -> Bool {
    node >= 0 && node < exactFreeNodes.count && exactFreeNodes[node]
  }

  /// Whether some query word is optional.
  var hasOptionalWords: Bool { !optional.isEmpty }

  /// Whether query word `index` is optional.
  @inline(__always)
  func isOptional(_ index: Int) -> Bool {
    index < optional.count && optional[index]
  }

  /// Whether the words of `node` are left out.
  @inline(__always)
  func leavesOut(node: Int) -> Bool {
    node >= 0 && node < leftOutNodes.count && leftOutNodes[node]
  }
}
