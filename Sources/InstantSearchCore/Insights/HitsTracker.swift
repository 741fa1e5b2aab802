/// Sends the click, conversion and view events of a searcher's hits, with the `queryID` of the search
/// that found them, so Algolia can tie them to that search (click-through and conversion rates,
/// Dynamic Re-Ranking).
///
/// Creating a tracker turns on `clickAnalytics` in the searcher's request, so that responses carry a
/// `queryID`. Without one (a response from before, or from an index that gives none), clicks and
/// conversions are sent as events not tied to a search. Events that cannot be made (an objectID list too
/// long) are reported in the client's ``InsightsClient/recentErrors``.
@MainActor
public final class HitsTracker {
  /// The events' default name (`"Product Clicked"`…).
  public let eventName: String
  /// The searcher whose latest response the hits come from.
  public let searcher: HitsSearcher
  /// Where events go.
  public let insights: InsightsClient
  private var token: SubscriptionToken?

  /// A tracker of `searcher`'s hits (sets `clickAnalytics` on its request).
  public init(eventName: String, searcher: HitsSearcher, insights: InsightsClient) {
    self.eventName = eventName
    self.searcher = searcher
    self.insights = insights
    searcher.request.clickAnalytics = true
  }

  /// A click on the record `objectID`, at `position` (from 1, counting every page) in the results.
  public func trackClick(objectID: String, position: Int, eventName: String? = nil) {
    send { () throws(InsightsError) -> InsightsEvent in
      if let (index, queryID) = searchContext {
        return try .clickedObjectIDsAfterSearch(
          eventName: eventName ?? self.eventName, indexName: index, objectIDs: [objectID], positions: [position],
          queryID: queryID, userToken: insights.userToken)
      }
      return try .clickedObjectIDs(
        eventName: eventName ?? self.eventName, indexName: searcher.indexName, objectIDs: [objectID],
        userToken: insights.userToken)
    }
  }

  /// A click on `hit`, at `position` (from 1) in the results.
  public func trackClick(for hit: SearchHit, position: Int, eventName: String? = nil) {
    trackClick(objectID: hit.objectID, position: position, eventName: eventName)
  }

  /// A conversion (added to cart, bought) on the record `objectID`.
  public func trackConvert(objectID: String, eventName: String? = nil) {
    send { () throws(InsightsError) -> InsightsEvent in
      if let (index, queryID) = searchContext {
        return try .convertedObjectIDsAfterSearch(
          eventName: eventName ?? self.eventName, indexName: index, objectIDs: [objectID], queryID: queryID,
          userToken: insights.userToken)
      }
      return try .convertedObjectIDs(
        eventName: eventName ?? self.eventName, indexName: searcher.indexName, objectIDs: [objectID],
        userToken: insights.userToken)
    }
  }

  /// A conversion on `hit`.
  public func trackConvert(for hit: SearchHit, eventName: String? = nil) {
    trackConvert(objectID: hit.objectID, eventName: eventName)
  }

  /// Records the user saw (at most 20 an event; more are split into several events).
  public func trackView(objectIDs: [String], eventName: String? = nil) {
    let index = searcher.latestResponse?.index ?? searcher.indexName
    for start in stride(from: 0, to: objectIDs.count, by: 20) {
      let chunk = Array(objectIDs[start..<min(objectIDs.count, start + 20)])
      send { () throws(InsightsError) -> InsightsEvent in
        try .viewedObjectIDs(
          eventName: eventName ?? self.eventName, indexName: index, objectIDs: chunk, userToken: insights.userToken)
      }
    }
  }

  /// Sends a view event of each page of hits the searcher delivers, as InstantSearch's automatic view
  /// events do, until ``stopTrackingViews()``.
  public func trackViewsOfResults(eventName: String? = nil) {
    token = searcher.onResults { [weak self] response in
      self?.trackView(objectIDs: response.hits.map(\.objectID), eventName: eventName)
    }
  }

  /// Stops sending view events of results.
  public func stopTrackingViews() {
    token?.cancel()
    token = nil
  }

  /// The index and `queryID` of the latest response, when it has a `queryID`.
  private var searchContext: (String, String)? {
    guard let response = searcher.latestResponse, let queryID = response.queryID else { return nil }
    return (response.index ?? searcher.indexName, queryID)
  }

  private func send(_ make: () throws(InsightsError) -> InsightsEvent) {
    do {
      insights.track(try make())
    } catch {
      insights.report(error)
    }
  }
}
