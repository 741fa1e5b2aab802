/// Sends the click, conversion and view events of facet filters — which filters users pick, what they
/// convert on after picking them — for a searcher's index.
@MainActor
public final class FilterTracker {
  /// The events' default name (`"Filter Applied"`…).
  public let eventName: String
  /// The searcher whose index the filters belong to.
  public let searcher: HitsSearcher
  /// Where events go.
  public let insights: InsightsClient
  private var tokens: [SubscriptionToken] = []

  /// A tracker of filters on `searcher`'s index.
  public init(eventName: String, searcher: HitsSearcher, insights: InsightsClient) {
    self.eventName = eventName
    self.searcher = searcher
    self.insights = insights
  }

  /// A click on `filter`.
  public func trackClick(for filter: Filter.Facet, eventName: String? = nil) {
    send(eventName) { name, index, user throws(InsightsError) in
      try .clickedFilters(eventName: name, indexName: index, filters: [filter], userToken: user)
    }
  }

  /// A conversion after `filter` was applied.
  public func trackConversion(for filter: Filter.Facet, eventName: String? = nil) {
    send(eventName) { name, index, user throws(InsightsError) in
      try .convertedFilters(eventName: name, indexName: index, filters: [filter], userToken: user)
    }
  }

  /// `filter` seen.
  public func trackView(for filter: Filter.Facet, eventName: String? = nil) {
    send(eventName) { name, index, user throws(InsightsError) in
      try .viewedFilters(eventName: name, indexName: index, filters: [filter], userToken: user)
    }
  }

  /// Sends a click event for each value selected in `interactor` (a refinement list of `attribute`), as
  /// the user selects it; deselections send nothing. Until ``stopTracking()``.
  public func trackSelections(of interactor: FacetListInteractor, attribute: Attribute) {
    var selected = interactor.selections
    tokens.append(
      interactor.onChange { [weak self, weak interactor] in
        guard let self, let interactor else { return }
        let now = interactor.selections
        for value in now.subtracting(selected).sorted() {
          self.trackClick(for: Filter.Facet(attribute: attribute, stringValue: value))
        }
        selected = now
      })
  }

  /// Stops tracking selections.
  public func stopTracking() {
    for token in tokens { token.cancel() }
    tokens = []
  }

  private func send(
    _ eventName: String?, _ make: (String, String, String) throws(InsightsError) -> InsightsEvent
  ) {
    do {
      insights.track(try make(eventName ?? self.eventName, searcher.indexName, insights.userToken))
    } catch {
      insights.report(error)
    }
  }
}
