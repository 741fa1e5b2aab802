import InstantSearchCore
import InstantSearchEngine
import Testing

/// An object that subscribes, as a view controller does.
@MainActor
final class EventRecorder {
  var events: [String] = []
}

@MainActor
@Suite("Observer-style events", .timeLimit(.minutes(2)))
struct ObserverTests {
  @Test("The redirect guide: onItemChanged.subscribe(with:) gets the owner and each decoded item, on the engine")
  func redirectGuide() async throws {
    struct Redirect: Decodable, Equatable { let link: String }
    let searcher = try QueryRuleCustomDataTests.searcher()
    let connector = QueryRuleCustomDataConnector<Redirect>(searcher: searcher)
    let recorder = EventRecorder()
    connector.interactor.onItemChanged.subscribe(with: recorder) { owner, redirect in
      owner.events.append(redirect?.link ?? "none")
    }.onQueue(.main)
    searcher.query = "sale"
    searcher.search()
    await searcher.waitForResults()
    searcher.query = "shirt"
    searcher.search()
    await searcher.waitForResults()
    #expect(recorder.events == ["/sale", "none"])
  }

  @Test("A searcher's results, errors and query; the same observer on every read; past and once")
  func searcherEvents() async throws {
    let searcher = try WidgetFixture.searcher()
    #expect(searcher.onResults === searcher.onResults)
    let recorder = EventRecorder()
    searcher.onResults.subscribe(with: recorder) { owner, response in owner.events.append("hits \(response.nbHits)") }
    searcher.onQueryChanged.subscribe(with: recorder) { owner, query in owner.events.append("query \(query ?? "")") }
    searcher.onResults.subscribeOnce(with: recorder) { owner, _ in owner.events.append("first") }
    searcher.query = "red"
    searcher.search()
    await searcher.waitForResults()
    searcher.query = "hat"
    searcher.search()
    await searcher.waitForResults()
    #expect(recorder.events == ["query red", "hits 2", "first", "query hat", "hits 2"])
    let late = EventRecorder()
    searcher.onResults.subscribePast(with: late) { owner, response in owner.events.append(response.query ?? "") }
    searcher.onResults.subscribePastOnce(with: late) { owner, _ in owner.events.append("once") }
    #expect(late.events == ["hat", "once"])
    #expect(searcher.onResults.lastDataFired?.query == "hat")
  }

  @Test("Released owners, cancelSubscription(for:), cancel() and filter end or narrow the events")
  func ending() {
    let filterState = FilterState()
    var kept: EventRecorder? = EventRecorder()
    let other = EventRecorder()
    let third = EventRecorder()
    var released = 0
    do {
      let gone = EventRecorder()
      filterState.onChange.subscribe(with: gone) { _, _ in released += 1 }
    }
    if let kept {
      filterState.onChange.subscribe(with: kept) { owner, filters in owner.events.append(filters.description) }
    }
    filterState.onChange.subscribe(with: other) { owner, _ in owner.events.append("other") }
    let narrowed = filterState.onChange.subscribe(with: third) { owner, filters in
      owner.events.append("\(filters.count)")
    }.filter { $0.count > 1 }
    filterState[and: "a"].add(Filter.Tag(value: "x"))
    filterState.onChange.cancelSubscription(for: other)
    filterState[and: "a"].add(Filter.Tag(value: "y"))
    narrowed.cancel()
    weak let weakKept = kept
    kept = nil
    filterState[and: "a"].add(Filter.Tag(value: "z"))
    #expect(released == 0 && weakKept == nil)
    #expect(other.events == ["other"])
    #expect(third.events == ["2"])
    #expect(filterState.onChange.observers.isEmpty)
    #expect(filterState.onChange.lastDataFired == filterState.filters)
  }

  @Test("A search box's text and submissions; stats after each result")
  func searchBoxAndStats() async throws {
    let searcher = try WidgetFixture.searcher()
    let box = SearchBoxConnector(searcher: searcher)
    let stats = StatsConnector(searcher: searcher)
    let recorder = EventRecorder()
    box.interactor.onQueryChanged.subscribe(with: recorder) { owner, text in owner.events.append("text \(text ?? "")") }
    box.interactor.onQuerySubmitted.subscribe(with: recorder) { owner, text in owner.events.append("go \(text ?? "")") }
    stats.interactor.onItemChanged.subscribe(with: recorder) { owner, figures in
      owner.events.append("stats \(figures?.totalHitsCount ?? -1)")
    }
    box.interactor.setQuery("shoes")
    box.interactor.submit()
    await searcher.waitForResults()
    #expect(recorder.events == ["text shoes", "go shoes", "stats 1"])
  }
}

@MainActor
@Suite("followResults", .timeLimit(.minutes(2)))
struct FollowResultsTests {
  @Test("The latest response at once, then each one; nothing at once before the first; a cancelled token stops")
  func follows() async throws {
    let searcher = try WidgetFixture.searcher()
    var seen: [Int] = []
    let early = searcher.followResults { seen.append($0.nbHits) }
    #expect(seen.isEmpty)
    searcher.query = "red"
    searcher.search()
    await searcher.waitForResults()
    var late: [Int] = []
    let token = searcher.followResults { late.append($0.nbHits) }
    #expect(seen == [2] && late == [2])
    token.cancel()
    searcher.query = "hat"
    searcher.search()
    await searcher.waitForResults()
    #expect(seen == [2, 2] && late == [2])
    early.cancel()
  }
}
