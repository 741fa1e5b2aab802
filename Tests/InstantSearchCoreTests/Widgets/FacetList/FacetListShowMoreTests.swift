import InstantSearchCore
import InstantSearchEngine
import Testing

/// A list view with a "show more" control, recording what it is given.
@MainActor
final class ShowMoreListDouble: FacetListShowMoreController {
  var onClick: ((Facet) -> Void)?
  var onToggleShowMore: (() -> Void)?
  private(set) var list = FacetListRows()

  func setSelectableItems(selectableItems: [SelectableItem<Facet>]) { list = FacetListRows(selectableItems) }
  func setShowMore(isShowingMore: Bool, canToggle: Bool) {
    list.setShowMore(isShowingMore: isShowingMore, canToggle: canToggle)
  }
  func tap(row: Int) {
    if list.isShowMoreRow(row) { onToggleShowMore?() } else { list.facet(at: row).map { onClick?($0) } }
  }
  var values: [String] { list.rows.map(\.title) }
}

@MainActor
@Suite("Facet list: show more", .timeLimit(.minutes(2)))
struct FacetListShowMoreTests {
  static func items(_ count: Int, selected: Set<Int> = []) -> [SelectableItem<Facet>] {
    (0..<count).map { SelectableItem(item: Facet(value: "v\($0)", count: 100 - $0), isSelected: selected.contains($0)) }
  }

  @Test("The presenter shows limit values, or showMoreLimit while showing more; selected values always")
  func presenter() {
    let presenter = FacetListPresenter(limit: 5, showMoreLimit: 10)
    #expect(presenter.present(Self.items(12)).count == 5)
    #expect(presenter.present(Self.items(12), isShowingMore: true).count == 10)
    #expect(presenter.present(Self.items(12, selected: [11]), isShowingMore: true).map(\.item.value).last == "v11")
    #expect(presenter.canToggleShowMore(Self.items(12), isTruncated: false))
    // 3 values under a limit of 5: nothing more to show, unless the response was cut short.
    #expect(!presenter.canToggleShowMore(Self.items(3), isTruncated: false))
    #expect(presenter.canToggleShowMore(Self.items(3), isTruncated: true))
    // No showMoreLimit, or one not above limit: never.
    #expect(!FacetListPresenter(limit: 5).canToggleShowMore(Self.items(12), isTruncated: true))
    let flat = FacetListPresenter(limit: 5, showMoreLimit: 5)
    #expect(!flat.canToggleShowMore(Self.items(12), isTruncated: true))
    #expect(flat.present(Self.items(12), isShowingMore: true).count == 5)
    // Empty values hidden by showEmptyFacets do not count as more.
    let hiding = FacetListPresenter(limit: 2, showEmptyFacets: false, showMoreLimit: 4)
    let mostlyEmpty = [Facet(value: "a", count: 3), Facet(value: "b", count: 0), Facet(value: "c", count: 0)]
      .map { SelectableItem(item: $0, isSelected: false) }
    #expect(!hiding.canToggleShowMore(mostlyEmpty, isTruncated: false))
  }

  @Test("Rows: a last \"Show more\" / \"Show less\" row that is not a value")
  func rows() {
    var rows = FacetListRows(Self.items(3))
    rows.setShowMore(isShowingMore: false, canToggle: true)
    #expect(rows.count == 4)
    #expect(rows.isShowMoreRow(3) && !rows.isShowMoreRow(2))
    #expect(rows[3] == nil && rows.facet(at: 3) == nil)
    #expect(rows.showMore?.title == "Show more")
    rows.setShowMore(isShowingMore: true, canToggle: true)
    #expect(rows.showMore?.title == "Show less")
    rows.setShowMore(isShowingMore: true, canToggle: false)
    #expect(rows.count == 3 && !rows.isShowMoreRow(3))
  }

  static func brandSearcher(brands: Int) throws -> HitsSearcher {
    let index = LocalIndex(name: "products", settings: try IndexSettings(json: ["attributesForFaceting": ["brand"]]))
    var records: [[String: JSON]] = []
    for brand in 0..<brands {
      for copy in 0...brand {
        records.append(["objectID": .string("\(brand)-\(copy)"), "brand": .string("b\(brand)")])
      }
    }
    try index.saveRecords(records)
    return HitsSearcher(client: LocalSearchClient(indices: [index]), indexName: "products")
  }

  @Test("End to end: the control shows, toggles, and the state survives new results")
  func endToEnd() async throws {
    let searcher = try Self.brandSearcher(brands: 15)
    let filterState = FilterState()
    let list = ShowMoreListDouble()
    let connector = FacetListConnector(
      searcher: searcher, filterState: filterState, attribute: "brand", operator: .or, controller: list,
      presenter: FacetListPresenter(limit: 3, showMoreLimit: 10))
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    #expect(list.values == ["b14", "b13", "b12"])
    #expect(list.list.showMore == .init(isShowingMore: false))

    list.tap(row: 3)
    #expect(connector.interactor.isShowingMore)
    #expect(list.values.count == 10 && list.list.showMore?.title == "Show less")

    list.tap(row: 9)  // selects b5, the last one shown
    await searcher.waitForResults()
    searcher.query = "nothing matches this"
    searcher.search()
    await searcher.waitForResults()
    // Still showing more; the selected value stays (count 0) and there is nothing more to show.
    #expect(connector.interactor.isShowingMore)
    #expect(list.values == ["b5"] && list.list.showMore == nil)

    list.tap(row: 0)
    searcher.query = ""
    searcher.search()
    await searcher.waitForResults()
    #expect(list.values.count == 10)
    connector.interactor.toggleShowMore()
    #expect(list.values.count == 3 && list.list.showMore?.title == "Show more")
  }

  @Test("The request asks for as many values as a list may show, and a cut-short response offers more")
  func maxValuesPerFacet() async throws {
    let searcher = try Self.brandSearcher(brands: 8)
    let small = FacetListInteractor()
    small.connectSearcher(searcher, with: "brand")
    small.connectController(ShowMoreListDouble(), with: FacetListPresenter(limit: 5, showMoreLimit: 50))
    #expect(searcher.request.maxValuesPerFacet == nil)  // 50 is within the default 100

    let big = FacetListInteractor()
    big.connectSearcher(searcher, with: "brand")
    big.connectController(ShowMoreListDouble(), with: FacetListPresenter(limit: 5, showMoreLimit: 150))
    #expect(searcher.request.maxValuesPerFacet == 150)
    let huge = FacetListInteractor()
    huge.connectSearcher(searcher, with: "brand")
    huge.connectController(ShowMoreListDouble(), with: FacetListPresenter(limit: 5, showMoreLimit: 5_000))
    #expect(searcher.request.maxValuesPerFacet == 1_000)  // Algolia's maximum; never lowered after

    // A response holding as many values as allowed may have more: the control shows with 3 values.
    let truncatedSearcher = try Self.brandSearcher(brands: 8)
    var request = truncatedSearcher.request
    request.maxValuesPerFacet = 3
    truncatedSearcher.request = request
    let interactor = FacetListInteractor()
    let list = ShowMoreListDouble()
    interactor.connectSearcher(truncatedSearcher, with: "brand")
    interactor.connectController(list, with: FacetListPresenter(limit: 3, showMoreLimit: 6))
    #expect(truncatedSearcher.request.maxValuesPerFacet == 6)
    truncatedSearcher.search()
    await truncatedSearcher.waitForResults()
    #expect(interactor.items.count == 6 && interactor.isTruncated)
    #expect(list.values.count == 3 && list.list.showMore != nil)
  }

  @Test("The observable controller publishes the control's state once per change")
  func observable() {
    let controller = FacetListObservableController()
    let counter = PublicationCounter(controller)
    var toggles = 0
    controller.onToggleShowMore = { toggles += 1 }
    controller.setShowMore(isShowingMore: false, canToggle: true)
    controller.setShowMore(isShowingMore: false, canToggle: true)
    #expect(counter.count == 1 && controller.canToggleShowMore && !controller.isShowingMore)
    controller.setShowMore(isShowingMore: true, canToggle: true)
    #expect(counter.count == 2 && controller.isShowingMore)
    controller.toggleShowMore()
    #expect(toggles == 1)
  }
}
