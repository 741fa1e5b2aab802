import InstantSearchCore
import Testing

@MainActor
@Suite("Stats: the observable controllers", .timeLimit(.minutes(2)))
struct StatsObservableControllerTests {
  @Test("The text and the figures follow each result, derived at connect, one publication per change")
  func follow() async throws {
    let searcher = try WidgetFixture.searcher()
    searcher.query = "red"
    searcher.search()
    await searcher.waitForResults()
    let text = StatsTextObservableController()
    let figures = StatsObservableController()
    let textCounter = PublicationCounter(text)
    let figureCounter = PublicationCounter(figures)
    let connector = StatsConnector(searcher: searcher, controller: text)
    let other = StatsConnector(searcher: searcher, controller: figures)
    #expect(text.stats.hasPrefix("2 results") && textCounter.count == 1)
    #expect(figures.stats.totalHitsCount == 2 && figures.stats.query == "red" && figureCounter.count == 1)
    searcher.query = "shoes"
    searcher.search()
    await searcher.waitForResults()
    #expect(text.stats.hasPrefix("1 result ") && textCounter.count == 2)
    #expect(figures.stats.totalHitsCount == 1 && figureCounter.count == 2)
    other.disconnect()
    searcher.query = ""
    searcher.search()
    await searcher.waitForResults()
    #expect(figures.stats.totalHitsCount == 1 && figureCounter.count == 2)
    #expect(text.stats.hasPrefix("5 results"))
    figures.setItem(nil)
    #expect(figures.stats.totalHitsCount == 1 && figureCounter.count == 2)
    _ = connector
  }
}
