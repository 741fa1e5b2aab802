import InstantSearchCore
import Testing

/// A stats label.
@MainActor
final class TestStatsController: StatsTextController {
  var text: String?
  func setItem(_ item: String?) { text = item }
}

@MainActor
@Suite("Stats", .timeLimit(.minutes(2)))
struct StatsTests {
  @Test("The default text groups digits and agrees in number")
  func presenter() {
    let present = DefaultPresenter.Stats.present
    #expect(present(SearchStats(totalHitsCount: 1234, processingTimeMS: 2)) == "1,234 results in 2 ms")
    #expect(present(SearchStats(totalHitsCount: 1, processingTimeMS: 0)) == "1 result in 0 ms")
    #expect(present(SearchStats(totalHitsCount: 1_000_000, processingTimeMS: 1500)) == "1,000,000 results in 1,500 ms")
    #expect(present(nil) == nil)
  }

  @Test("The line follows every result")
  func followsResults() async throws {
    let searcher = try WidgetFixture.searcher()
    let interactor = StatsInteractor()
    let controller = TestStatsController()
    interactor.connectSearcher(searcher)
    interactor.connectController(controller)
    #expect(controller.text == nil)
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.text?.hasPrefix("5 results in ") == true)
    searcher.query = "shoes"
    searcher.search()
    await searcher.waitForResults()
    #expect(interactor.item?.totalHitsCount == 1)
    #expect(controller.text?.hasPrefix("1 result in ") == true)
  }

  @Test("With Relevant Sort: the sorted hits out of all, in InstantSearch.js's words; else the default line")
  func sortedPresenter() {
    let present = DefaultPresenter.Stats.presentSorted
    var stats = SearchStats(totalHitsCount: 1234, processingTimeMS: 42)
    #expect(present(stats) == "1,234 results in 42 ms")
    stats.nbSortedHits = 150
    #expect(present(stats) == "150 relevant results sorted out of 1,234 found in 42 ms")
    stats.nbSortedHits = 1
    #expect(present(stats) == "1 relevant result sorted out of 1,234 found in 42 ms")
    stats.nbSortedHits = 0
    #expect(present(stats) == "No relevant results sorted out of 1,234 found in 42 ms")
    stats.nbSortedHits = 1234
    #expect(present(stats) == "1,234 results in 42 ms")
    #expect(present(nil) == nil)
  }

  @Test("The connector, as InstantSearch iOS's snippet makes it; replacing the view; disconnecting")
  func connector() async throws {
    let searcher = try WidgetFixture.searcher()
    let label = TestStatsController()
    let statsConnector = StatsConnector(
      searcher: searcher, controller: label, presenter: DefaultPresenter.Stats.present)
    searcher.search()
    await searcher.waitForResults()
    #expect(label.text?.hasPrefix("5 results in ") == true)
    #expect(statsConnector.interactor.item?.nbSortedHits == nil)
    let other = TestStatsController()
    statsConnector.connectController(other) { stats in stats.map { "\($0.totalHitsCount) hits" } }
    #expect(other.text == "5 hits")
    statsConnector.disconnect()
    searcher.query = "shoes"
    searcher.search()
    await searcher.waitForResults()
    #expect(other.text == "5 hits" && label.text?.hasPrefix("5 results") == true)
  }
}
