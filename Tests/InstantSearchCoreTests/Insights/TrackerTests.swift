import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// The trackers on the embedded engine, sending to a local JSON-lines sink.
@MainActor
@Suite("Insights trackers", .timeLimit(.minutes(2)))
struct TrackerTests {
  static func sinkFile() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("insights-sink-\(UUID().uuidString).jsonl").path
  }

  static func sent(_ path: String) throws -> [[String: JSON]] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return try text.split(separator: "\n").map { line in
      try JSONDecoder().decode(JSON.self, from: Data(line.utf8)).objectValue ?? [:]
    }
  }

  @Test("Hits clicks and conversions carry the queryID of the search that found them; views of each page")
  func hits() async throws {
    let path = Self.sinkFile()
    defer {
      do { try FileManager.default.removeItem(atPath: path) } catch { Issue.record("cleanup: \(error)") }
    }
    let insights = InsightsClient(
      sink: JSONLinesInsightsSink(path: path), userToken: "user-7",
      configuration: .init(flushDelay: nil, retryDelay: .zero))
    let searcher = try WidgetFixture.searcher()
    let tracker = HitsTracker(eventName: "Product Clicked", searcher: searcher, insights: insights)
    #expect(searcher.request.clickAnalytics == true)
    tracker.trackClick(objectID: "early", position: 1)
    tracker.trackViewsOfResults(eventName: "Hits Viewed")
    searcher.query = "shirt"
    searcher.search()
    await searcher.waitForResults()
    let queryID = try #require(searcher.latestResponse?.queryID)
    let hit = try #require(searcher.latestResponse?.hits.first)
    tracker.trackClick(for: hit, position: 1)
    tracker.trackConvert(for: hit, eventName: "Added To Cart")
    await insights.flush()
    let events = try Self.sent(path)
    #expect(events.map { $0["eventType"]?.stringValue } == ["click", "view", "click", "conversion"])
    // Before any search: no queryID, a click not tied to a search.
    #expect(events[0]["queryID"] == nil && events[0]["positions"] == nil)
    #expect(events[1]["eventName"] == "Hits Viewed" && events[1]["objectIDs"]?.arrayValue?.count == 2)
    #expect(events[2]["queryID"] == .string(queryID) && events[2]["positions"] == [1])
    #expect(events[3]["queryID"] == .string(queryID) && events[3]["eventName"] == "Added To Cart")
    #expect(events.allSatisfy { $0["userToken"] == "user-7" && $0["index"] == "products" })
  }

  @Test("Selecting a value of a refinement list sends a filter click; deselecting sends nothing")
  func filters() async throws {
    let path = Self.sinkFile()
    defer {
      do { try FileManager.default.removeItem(atPath: path) } catch { Issue.record("cleanup: \(error)") }
    }
    let insights = InsightsClient(
      sink: JSONLinesInsightsSink(path: path), userToken: "user-7", configuration: .init(flushDelay: nil))
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    let colors = FacetListConnector(
      searcher: searcher, filterState: filterState, attribute: "color", selectionMode: .multiple, operator: .or)
    let tracker = FilterTracker(eventName: "Filter Applied", searcher: searcher, insights: insights)
    tracker.trackSelections(of: colors.interactor, attribute: "color")
    colors.interactor.toggle("red")
    colors.interactor.toggle("blue")
    colors.interactor.toggle("red")
    tracker.trackConversion(for: Filter.Facet(attribute: "color", stringValue: "blue"), eventName: "Bought")
    await insights.flush()
    let events = try Self.sent(path)
    #expect(events.map { $0["filters"] } == [["color:red"], ["color:blue"], ["color:blue"]])
    #expect(events.map { $0["eventType"]?.stringValue } == ["click", "click", "conversion"])
  }
}
