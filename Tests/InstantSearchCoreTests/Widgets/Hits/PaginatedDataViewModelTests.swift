import InstantSearchCore
import Testing

@MainActor
@Suite("Hits as one growing list (paginatedData)", .timeLimit(.minutes(2)))
struct PaginatedDataViewModelTests {
  @Test("loadNext loads the first page, then the next ones; the end is known; a new query starts again")
  func grows() async throws {
    let searcher = try WidgetFixture.searcher()
    searcher.request.hitsPerPage = 2
    let list = searcher.paginatedData(of: Hit<Product>.self)
    let counter = PublicationCounter(list)
    #expect(list.items.isEmpty && list.hasNext && !list.hasPrevious)
    list.loadNext()
    await searcher.waitForResults()
    #expect(list.items.count == 2 && list.hasNext)
    list.loadNext()
    await searcher.waitForResults()
    list.loadNext()
    await searcher.waitForResults()
    #expect(list.items.map(\.objectID) == ["1", "2", "3", "4", "5"] && !list.hasNext)
    let published = counter.count
    list.loadNext()
    await searcher.waitForResults()
    #expect(counter.count == published, "nothing more to load, nothing published")
    searcher.query = "hat"
    searcher.search()
    await searcher.waitForResults()
    #expect(list.items.map(\.object.name) == ["Green hat", "Blue hat"] && !list.hasNext)
  }
}
