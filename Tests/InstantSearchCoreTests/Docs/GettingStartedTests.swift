import InstantSearchCore
import InstantSearchEngine
import Testing

// The code of the Getting Started article (InstantSearchCore.docc/GettingStarted.md), run as written.

@MainActor
final class BrandList: FacetListController {
  var onClick: ((Facet) -> Void)?
  var rows: [String] = []

  func setSelectableItems(selectableItems: [SelectableItem<Facet>]) {
    rows = selectableItems.map { "\($0.isSelected ? "[x]" : "[ ]") \($0.item.value) (\($0.item.count))" }
  }

  func reload() {}
}

@MainActor
final class PriceSlider: NumberRangeController {
  var onRangeChanged: ((ClosedRange<Int>) -> Void)?
  var bounds: ClosedRange<Int>?
  var range: ClosedRange<Int>?

  func setBounds(_ bounds: ClosedRange<Int>) { self.bounds = bounds }
  func setItem(_ item: ClosedRange<Int>) { range = item }
}

@MainActor
final class ColorTabs: SelectableSegmentController {
  var onClick: ((Int) -> Void)?
  var titles: [Int: String] = [:]
  var selected: Int?

  func setItems(items: [Int: String]) { titles = items }
  func setSelected(_ selected: Int?) { self.selected = selected }
}

@MainActor
final class Chips: CurrentFiltersController {
  var onRemoveItem: ((FilterAndID) -> Void)?
  var items: [FilterAndID] = []

  func setItems(_ item: [FilterAndID]) { items = item }
  func reload() {}
}

@MainActor
@Suite("The Getting Started article", .timeLimit(.minutes(2)))
struct GettingStartedTests {
  @Test("Refinement list, numeric range, filter map and current filters, as the article writes them")
  func article() async throws {
    let index = LocalIndex(
      name: "products",
      settings: try IndexSettings(json: [
        "searchableAttributes": ["name"], "attributesForFaceting": ["brand", "color", "price"],
      ]))
    try index.saveRecords([
      ["objectID": "1", "name": "Trail shoe", "brand": "Peak", "color": "red", "price": 80],
      ["objectID": "2", "name": "Road shoe", "brand": "Stride", "color": "blue", "price": 120],
      ["objectID": "3", "name": "Rain jacket", "brand": "Peak", "color": "blue", "price": 150.5],
    ])
    let searcher = HitsSearcher(client: LocalSearchClient(indices: [index]), indexName: "products")
    let filterState = FilterState()
    searcher.connectFilterState(filterState)

    let brandList = BrandList()
    let brands = FacetListConnector(
      searcher: searcher, filterState: filterState, attribute: "brand", operator: .or, controller: brandList)
    let priceSlider = PriceSlider()
    let price = NumberRangeConnector<Int>(
      searcher: searcher, filterState: filterState, attribute: "price", controller: priceSlider)
    let colorTabs = ColorTabs()
    let colors = FilterMapConnector(
      searcher: searcher, filterState: filterState,
      items: [
        0: Filter.Facet(attribute: "color", stringValue: "red"),
        1: Filter.Facet(attribute: "color", stringValue: "blue"),
      ],
      attribute: "color", operator: .and, controller: colorTabs)
    let chips = Chips()
    let current = CurrentFiltersConnector(filterState: filterState, controller: chips)

    searcher.search()
    await searcher.waitForResults()
    #expect(brandList.rows == ["[ ] Peak (2)", "[ ] Stride (1)"])
    #expect(priceSlider.bounds == 80...151)
    #expect(colorTabs.titles == [0: "red", 1: "blue"])

    brandList.onClick?(Facet(value: "Peak", count: 2))
    colorTabs.onClick?(1)
    priceSlider.onRangeChanged?(100...160)
    await searcher.waitForResults()
    #expect(filterState.description == #"( "brand":"Peak" ) AND ( "color":"blue" ) AND ( "price":100.0 TO 160.0 )"#)
    #expect(searcher.latestResponse?.nbHits == 1)
    #expect(chips.items.map(\.text) == ["Peak", "blue", "price: 100.0 to 160.0"])

    let brandChip = try #require(chips.items.first)
    chips.onRemoveItem?(brandChip)
    await searcher.waitForResults()
    #expect(brandList.rows == ["[ ] Peak (1)", "[ ] Stride (1)"])
    #expect(searcher.latestResponse?.nbHits == 2)
    _ = (brands, price, colors, current)
  }
}
