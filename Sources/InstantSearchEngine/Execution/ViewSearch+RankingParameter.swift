import InstantSearchModel

/// `ranking` given in a search (Algolia takes the index's settings as search parameters): the search
/// ranks with it as an index with that `ranking` setting would — the same rules and the same refusals
/// (``IndexSettings/checkRanking(_:)``) — `asc(attr)`/`desc(attr)` first, `geo`, `filters` or `custom` left
/// out. The view is reranked once per ranking and kept with it (``IndexView/rankedViews``).
extension ViewSearch {
  /// `view`, reranked for `query`'s `ranking` when it gives one other than the index's.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` when `ranking` is not a list of strings, is longer than
  ///   ``SearchLimits/maximumAttributeListCount``, or is a ranking the engine refuses as a setting.
  static func applyingRanking(of query: Query, to view: IndexView) throws(EngineError) -> IndexView {
    guard let value = query.additionalParameters["ranking"], value != .null else { return view }
    guard case .array(let elements) = value else {
      throw .invalidParameter("ranking: expected a list of strings, found \(value.preview)")
    }
    guard elements.count <= SearchLimits.maximumAttributeListCount else {
      throw .invalidParameter(
        "ranking holds \(elements.count) entries; at most \(SearchLimits.maximumAttributeListCount)")
    }
    var entries: [String] = []
    for element in elements {
      guard case .string(let entry) = element else {
        throw .invalidParameter("ranking: expected a list of strings, found \(value.preview)")
      }
      entries.append(entry)
    }
    guard entries != view.settings.ranking else { return view }
    do throws(EngineError) {
      try IndexSettings.checkRanking(entries)
    } catch {
      if case .invalidSettings(let message) = error { throw .invalidParameter(message) }
      throw error
    }
    if let known = view.rankedViews.withLock({ $0[entries] }) { return known }
    var settings = view.settings
    settings.ranking = entries
    let ranked = view.reranked(settings: settings)
    view.rankedViews.withLock { kept in
      if kept.count >= IndexView.maximumRankedViews { kept.removeAll() }
      kept[entries] = ranked
    }
    return ranked
  }
}
