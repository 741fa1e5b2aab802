import InstantSearchCore
import InstantSearchTesting
import Testing

/// A view written against InstantSearch iOS's `NumericFilterListController`.
@MainActor
final class PriceBandsView: NumericFilterListController {
  var onClick: ((Filter.Numeric) -> Void)?
  var items: [SelectableItem<Filter.Numeric>] = []
  func setSelectableItems(selectableItems: [SelectableItem<Filter.Numeric>]) { items = selectableItems }
}

/// A view written against `TagFilterListController`.
@MainActor
final class TagChipsView: TagFilterListController {
  var onClick: ((Filter.Tag) -> Void)?
  var items: [SelectableItem<Filter.Tag>] = []
  func setSelectableItems(selectableItems: [SelectableItem<Filter.Tag>]) { items = selectableItems }
}

@MainActor
@Suite("Filter list: InstantSearch iOS's controller protocols")
struct FilterListControllerProtocolTests {
  /// Generic code over any filter list view, as apps written for InstantSearch iOS have it.
  func selectedCount<Controller: FilterListController>(
    _ controller: Controller, _ items: [SelectableItem<Controller.Item>]
  )
    -> Int
  {
    items.filter(\.isSelected).count
  }

  @Test("Views conforming to the numeric, tag and facet refinements connect like any selectable list")
  func refinements() {
    let filterState = FilterState()
    let bands: [Filter.Numeric] = [
      .init(attribute: "price", operator: .lessThan, value: 5), .init(attribute: "price", range: 5...10),
    ]
    let priceView = PriceBandsView()
    let price = NumericFilterListConnector(
      numericFilters: bands, selectionMode: .single, filterState: filterState, operator: .and, groupName: "price",
      controller: priceView)
    priceView.onClick?(bands[1])
    #expect(filterState.description == #"( "price":5.0 TO 10.0 )"#)
    #expect(priceView.items.map(\.isSelected) == [false, true] && selectedCount(priceView, priceView.items) == 1)
    let tagView = TagChipsView()
    let tags = TagFilterListInteractor(items: ["on sale", "new"], selectionMode: .multiple)
    tags.connectFilterState(filterState, operator: .or, groupName: "tags")
    tags.connectController(tagView)
    tagView.onClick?("new")
    #expect(filterState.description == #"( "price":5.0 TO 10.0 ) AND ( "_tags":"new" )"#)
    let colorView = ColorList()
    let colors = FacetFilterListConnector(
      facetFilters: [.init(attribute: "color", stringValue: "red")], filterState: filterState, operator: .and,
      groupName: "color", controller: colorView)
    colorView.onClick?(.init(attribute: "color", stringValue: "red"))
    #expect(colorView.shown == ["red ✓"] && selectedCount(colorView, colorView.items) == 1)
    _ = (price, colors)
  }
}

/// A facet filter list view by InstantSearch iOS's protocol name.
@MainActor
final class ColorList: FacetFilterListController {
  var onClick: ((Filter.Facet) -> Void)?
  var items: [SelectableItem<Filter.Facet>] = []
  func setSelectableItems(selectableItems: [SelectableItem<Filter.Facet>]) { items = selectableItems }
  var shown: [String] { items.map { $0.item.value.description + ($0.isSelected ? " ✓" : "") } }
}
