extension HitsInteractor {
  /// Connects a searcher that finds the items related to `item` (InstantSearch iOS's related items): its
  /// request gets the item's values of each pattern as scored optional filters, summed within a clause
  /// (`sumOrFiltersScores`), and leaves the item out (`NOT objectID`, ANDed with the request's own
  /// `filters`, which stay — InstantSearch iOS replaced them, and its default faceting then dropped the
  /// exclusion). The hits follow the searcher as with ``connectSearcher(_:)``. Disconnecting gives the
  /// request its own optional filters and filters back, unless they were changed since. The interactor
  /// keeps the connection.
  ///
  /// ```swift
  /// hitsInteractor.connectSearcher(searcher, withRelatedItemsTo: ObjectWrapper(productHit), with: patterns)
  /// searcher.search()
  /// ```
  @discardableResult
  public func connectSearcher<Model>(
    _ searcher: HitsSearcher, withRelatedItemsTo item: ObjectWrapper<Model>,
    with matchingPatterns: [MatchingPattern<Model>]
  ) -> WidgetConnection {
    let related = RelatedItemsQuery(item: item, patterns: matchingPatterns)
    return makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      let before = searcher.request
      let applied = related.applied(to: before)
      searcher.request = applied
      let restore = SubscriptionToken.undoing { [weak searcher] in
        guard let searcher else { return }
        var request = searcher.request
        if request.optionalFilters == applied.optionalFilters { request.optionalFilters = before.optionalFilters }
        if request.sumOrFiltersScores == applied.sumOrFiltersScores {
          request.sumOrFiltersScores = before.sumOrFiltersScores
        }
        if request.filters == applied.filters { request.filters = before.filters }
        searcher.request = request
      }
      return interactor.follow(searcher) + [restore]
    }
  }
}
