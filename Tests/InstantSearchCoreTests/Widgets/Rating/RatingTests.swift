import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting
import Testing

@MainActor
@Suite("Rating")
struct RatingTests {
  @Test("The presenter draws stars, a half star for a fraction, and \"& up\" below the maximum")
  func presenter() {
    #expect(DefaultPresenter.Rating.present(4) == "★★★★☆ & up")
    #expect(DefaultPresenter.Rating.present(3.5) == "★★★½☆ & up")
    #expect(DefaultPresenter.Rating.present(5) == "★★★★★")
    #expect(DefaultPresenter.Rating.present(nil) == "Any rating")
    #expect(DefaultPresenter.Rating.present(9, maximum: 3) == "★★★")
    #expect(DefaultPresenter.Rating.present(-1) == "☆☆☆☆☆ & up")
    #expect(DefaultPresenter.Rating.choices(maximum: 3).map(\.text) == ["★★★", "★★☆ & up", "★☆☆ & up"])
  }

  @Test("A minimum rating is a >= comparison: choosing 4 stars keeps the records rated 4 and up")
  func minimumRating() async throws {
    let index = LocalIndex(
      name: "products",
      settings: try IndexSettings(json: ["searchableAttributes": ["name"], "attributesForFaceting": ["rating"]]))
    try index.saveRecords(
      [1, 2, 3, 4, 4.5, 5].enumerated().map {
        ["objectID": .string("\($0.offset)"), "name": "item", "rating": .number($0.element)]
      })
    let searcher = HitsSearcher(client: LocalSearchClient(indices: [index]), indexName: "products")
    let state = FilterState()
    searcher.connectFilterState(state)
    let controller = NumberObservableController<Double>()
    let rating = FilterComparisonConnector<Double>(
      searcher: searcher, filterState: state, attribute: "rating", numericOperator: .greaterThanOrEqual,
      controller: controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.bounds == 1...5)
    #expect(DefaultPresenter.Rating.present(controller.value) == "Any rating")
    controller.set(4)
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 3)
    #expect(DefaultPresenter.Rating.present(controller.value) == "★★★★☆ & up")
    // The bounds still span every rating: the statistics ignore the rating's own filter.
    #expect(controller.bounds == 1...5)
    _ = rating
  }
}
