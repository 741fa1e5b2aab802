import InstantSearchCore
import InstantSearchTesting
import Testing

@MainActor
@Suite("Filter Numeric Range: bounds step (user finding D4)", .timeLimit(.minutes(2)))
struct RangeStepTests {
  @Test(
    "Rounding to a step gives the decimal result, with no binary noise",
    arguments: [
      (1.75, 0.1, FloatingPointRoundingRule.down, 1.7), (14.15, 0.1, .up, 14.2), (1.1, 0.1, .up, 1.1),
      (1.1, 0.1, .down, 1.1), (-1.75, 0.1, .down, -1.8), (-1.75, 0.1, .up, -1.7), (12, 5, .down, 10),
      (99, 5, .up, 100), (1.3, 0.25, .down, 1.25), (0.3, 0.1, .up, 0.3), (1_234.5678, 0.01, .up, 1_234.57),
      (1.0, 1.0 / 3.0, .up, 1.0), (7, 0, .down, 7), (7, -1, .up, 7), (7, .infinity, .up, 7),
    ])
  func rounding(value: Double, step: Double, rule: FloatingPointRoundingRule, expected: Double) {
    #expect(RangeStep.round(value, step: step, rule) == expected)
  }

  @Test("A value that is not finite is left as it is")
  func notFinite() {
    #expect(RangeStep.round(.infinity, step: 0.1, .up) == .infinity)
    #expect(RangeStep.round(.nan, step: 0.1, .down).isNaN)
  }

  @Test("Statistics 1.75…14.15 with a step of 0.1 give bounds 1.7…14.2; the user's 3.45 stays 3.45")
  func bounds() async throws {
    let respond = priceStatsResponses([FacetStats(min: 1.75, max: 14.15)])
    let client = ScriptedSearchClient { call in call.queries.map { _ in respond(call.number) } }
    let searcher = HitsSearcher(client: client, indexName: "products")
    let filterState = FilterState()
    let stepped = NumberRangeConnector<Double>(
      searcher: searcher, filterState: filterState, attribute: "price", interactor: .init(boundsStep: 0.1))
    let whole = NumberRangeInteractor<Int>(boundsStep: 5)
    whole.connectSearcher(searcher, attribute: "price")
    let plain = NumberRangeInteractor<Double>()
    plain.connectSearcher(searcher, attribute: "price")
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    #expect(stepped.interactor.bounds == 1.7...14.2)
    #expect(whole.bounds == 0...15)
    #expect(plain.bounds == 1.75...14.15)

    stepped.interactor.applyRange(3.45...10)
    #expect(filterState.description == #"( "price":3.45 TO 10.0 )"#)
  }
}
