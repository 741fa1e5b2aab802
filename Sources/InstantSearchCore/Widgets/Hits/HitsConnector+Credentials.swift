extension HitsConnector {
  /// Creates and connects a hits list over a new searcher on the Algolia service (InstantSearch iOS's
  /// shortest form): the interactor is made with `infiniteScrolling` and `showItemsOnEmptyQuery`, the
  /// searcher is reached as ``searcher``.
  ///
  /// ```swift
  /// let connector = HitsConnector<Product>(appID: "YourApplicationID", apiKey: "YourSearchOnlyAPIKey",
  ///                                        indexName: "products", filterState: filterState,
  ///                                        controller: hitsTableViewController)
  /// connector.searcher.search()
  /// ```
  ///
  /// With a `filterState`, the searcher is connected to it too, so its filters reach the requests.
  public convenience init<Controller: HitsController>(
    appID: String, apiKey: String, indexName: String, infiniteScrolling: InfiniteScrolling = .on(withOffset: 5),
    showItemsOnEmptyQuery: Bool = true, filterState: FilterState? = nil, controller: Controller
  ) where Controller.Record == Record {
    let searcher = HitsSearcher(appID: appID, apiKey: apiKey, indexName: indexName)
    self.init(
      searcher: searcher,
      interactor: HitsInteractor(infiniteScrolling: infiniteScrolling, showItemsOnEmptyQuery: showItemsOnEmptyQuery),
      filterState: filterState, controller: controller)
    if let filterState { adopt(searcher.connectFilterState(filterState)) }
  }

  /// Creates and connects a hits list without a view over a new searcher on the Algolia service (see
  /// ``init(appID:apiKey:indexName:infiniteScrolling:showItemsOnEmptyQuery:filterState:controller:)``).
  public convenience init(
    appID: String, apiKey: String, indexName: String, infiniteScrolling: InfiniteScrolling = .on(withOffset: 5),
    showItemsOnEmptyQuery: Bool = true, filterState: FilterState? = nil
  ) {
    let searcher = HitsSearcher(appID: appID, apiKey: apiKey, indexName: indexName)
    self.init(
      searcher: searcher,
      interactor: HitsInteractor(infiniteScrolling: infiniteScrolling, showItemsOnEmptyQuery: showItemsOnEmptyQuery),
      filterState: filterState)
    if let filterState { adopt(searcher.connectFilterState(filterState)) }
  }
}
