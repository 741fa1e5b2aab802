import Foundation
import InstantSearchCore
import Testing

@MainActor
@Suite("Hits: the observable controller", .timeLimit(.minutes(2)))
struct HitsObservableControllerTests {
  @Test("Hits derived at connect, one publication per result, rows appearing near the end load the next page")
  func hits() async throws {
    let searcher = try WidgetFixture.searcher()
    searcher.request.hitsPerPage = 2
    searcher.search()
    await searcher.waitForResults()
    let controller = HitsObservableController<Hit<Product>>()
    let counter = PublicationCounter(controller)
    let connector = HitsConnector<Hit<Product>>(
      searcher: searcher, interactor: .init(infiniteScrolling: .on(withOffset: 1)), controller: controller)
    #expect(controller.hits.count == 2 && counter.count >= 1)
    let firstScroll = controller.scrollID
    let before = counter.count
    controller.notifyAppearanceOfHit(atIndex: 0)
    #expect(counter.count == before)
    controller.notifyAppearanceOfHit(atIndex: 1)
    await searcher.waitForResults()
    #expect(controller.hits.count == 4 && counter.count == before + 1)
    #expect(controller.hits.compactMap { $0?.objectID } == connector.interactor.hits.map(\.objectID))
    searcher.query = "hat"
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.scrollID != firstScroll)
    #expect(controller.hits.compactMap { $0?.object.name }.allSatisfy { $0.hasSuffix("hat") })
  }
}
