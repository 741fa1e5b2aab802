import InstantSearchCore
import Testing

/// A text field that records what it shows.
@MainActor
final class TestSearchBoxController: SearchBoxController {
  var onQueryChanged: ((String?) -> Void)?
  var onQuerySubmitted: ((String?) -> Void)?
  var shown: String?

  func setQuery(_ query: String?) { shown = query }
  func type(_ text: String) { onQueryChanged?(text) }
  func submit() { onQuerySubmitted?(shown) }
}

@MainActor
@Suite("Search box", .timeLimit(.minutes(2)))
struct SearchBoxTests {
  @Test("Search as you type: each edit searches; the newest answer wins")
  func asYouType() async throws {
    let (searcher, client) = try WidgetFixture.recordingSearcher()
    let controller = TestSearchBoxController()
    let connector = SearchBoxConnector(searcher: searcher, controller: controller)
    controller.type("s")
    controller.type("sh")
    controller.type("shoes")
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 1)
    #expect(client.calls.count == 3)
    #expect(connector.interactor.query == "shoes")
  }

  @Test("Search on submit: edits do not search, a submission does")
  func onSubmit() async throws {
    let (searcher, client) = try WidgetFixture.recordingSearcher()
    let controller = TestSearchBoxController()
    let connector = SearchBoxConnector(
      searcher: searcher, searchTriggeringMode: .searchOnSubmit, controller: controller)
    controller.type("hat")
    await searcher.waitForResults()
    #expect(client.calls.isEmpty)
    #expect(searcher.query == "hat")
    controller.submit()
    await searcher.waitForResults()
    #expect(client.calls.count == 1)
    #expect(searcher.latestResponse?.nbHits == 2)
    // A query set on the searcher elsewhere shows in the box.
    searcher.query = "red"
    #expect(controller.shown == "red")
    _ = connector
  }
}
