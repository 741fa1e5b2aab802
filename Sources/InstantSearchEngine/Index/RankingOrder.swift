import InstantSearchModel

/// How an index orders its hits, from its settings and its kind.
///
/// - A primary or a standard replica: the `asc`/`desc` entries at the head of `ranking` (``leading``), then
///   the textual criteria, then `customRanking` (``trailing``), then the order records were first saved.
/// - A virtual replica (Relevant Sort): only the matches relevant enough are kept (see
///   ``RelevanceSelection``); those are ordered by the head of `ranking` and the replica's `customRanking`
///   (both ``leading``), then by the textual criteria.
struct RankingOrder: Hashable, Sendable {
  /// Criteria applied before the textual criteria.
  let leading: [IndexSettings.CustomRankingCriterion]
  /// Criteria applied after the textual criteria.
  let trailing: [IndexSettings.CustomRankingCriterion]
  /// Whether the index is a virtual replica: its hits are selected by relevance before being sorted.
  let isRelevantSort: Bool

  init(settings: IndexSettings, isVirtualReplica: Bool = false) {
    if isVirtualReplica {
      leading = settings.sortCriteria + settings.customRanking
      trailing = []
    } else {
      leading = settings.sortCriteria
      trailing = settings.ranksByCustomRanking ? settings.customRanking : []
    }
    isRelevantSort = isVirtualReplica
  }

  /// Every criterion, in order: what the records' rank permutation sorts by.
  var criteria: [IndexSettings.CustomRankingCriterion] { leading + trailing }

  /// Whether hits with query words are not ordered by text score first.
  var sortsBeforeText: Bool { !leading.isEmpty || isRelevantSort }
}

extension IndexSnapshot {
  /// These structures answering as index `name` with `settings` (which must share the structures, see
  /// ``IndexSettings/sharesIndexStructures(with:)``): everything is shared, only the rank permutation is
  /// computed again when the ranking criteria differ. What a replica reads of each segment of its primary.
  func reranked(name: String, settings: IndexSettings, isVirtualReplica: Bool) -> IndexSnapshot {
    let ordering = RankingOrder(settings: settings, isVirtualReplica: isVirtualReplica)
    var rank = rankPermutation
    var order = customOrder
    var source: IndexSnapshot? = imageSource ?? self
    if ordering.criteria != self.ordering.criteria {
      let computed = SnapshotBuilder.customRanking(count: recordCount, criteria: ordering.criteria, numerics: numerics)
      rank = RankPermutation(Column(computed.rank))
      order = Column(computed.order)
      source = nil
    }
    return IndexSnapshot(
      name: name, settings: settings, codec: codec, store: store, trie: trie, facets: facets, numerics: numerics,
      text: textPart, searchableNodes: searchableNodes, objectIDs: objectIDPart,
      hasRepeatedRootKeys: hasRepeatedRootKeys,
      customRank: rank, customOrder: order, ordering: ordering, imageSource: source, elision: elision,
      sharingMemosOf: self)
  }

  /// For each record, the number of the group of records with its values of the ``RankingOrder/leading``
  /// criteria, groups numbered in ranking order (equal values, equal numbers), computed on first use.
  var leadingGroups: Column<UInt32> {
    if let known = leadingGroupsMemo.withLock({ $0 }) { return known }
    let columns = ordering.leading.map { numerics[$0.path] }
    var groups = [UInt32](repeating: 0, count: recordCount)
    var group: UInt32 = 0
    var previous: [Double?]?
    for doc in customOrder {
      let values = columns.map { $0?.firstValue(Int(doc)) }
      if let previous, previous != values { group += 1 }
      previous = values
      groups[Int(doc)] = group
    }
    let column = Column(groups)
    leadingGroupsMemo.withLock { $0 = column }
    return column
  }
}
