import InstantSearchCore
import Testing

/// A list view built like the UIKit `FacetListTableController`: rows from ``FacetListRows``, a tap on a row
/// index reported as `onClick` with that row's facet.
@MainActor
final class FacetListTableDouble: FacetListController {
  var onClick: ((Facet) -> Void)?
  private(set) var list = FacetListRows()
  private(set) var reloads = 0

  func setSelectableItems(selectableItems: [SelectableItem<Facet>]) { list = FacetListRows(selectableItems) }
  func reload() { reloads += 1 }
  func didSelectRow(_ row: Int) { list.facet(at: row).map { onClick?($0) } }

  /// Each row as a table cell shows it: `title (count)` and a checkmark when selected.
  var cells: [String] {
    list.rows.map { "\($0.title) (\($0.countText))" + ($0.isSelected ? " ✓" : "") }
  }
}

@MainActor
@Suite("Facet list rows", .timeLimit(.minutes(2)))
struct FacetListRowsTests {
  @Test("Rows keep the presenter's order and say their value, count and selection")
  func rows() {
    let list = FacetListRows([
      SelectableItem(item: Facet(value: "Apple", count: 1_234), isSelected: true),
      SelectableItem(item: Facet(value: "Sony", count: 1), isSelected: false),
      SelectableItem(item: Facet(value: "LG", count: 0), isSelected: false),
    ])
    #expect(list.count == 3)
    #expect(list.rows.map(\.title) == ["Apple", "Sony", "LG"])
    #expect(list.rows.map(\.countText) == ["1,234", "1", "0"])
    #expect(list[0]?.isSelected == true && list[1]?.isSelected == false)
    #expect(list[0]?.accessibilityLabel == "Apple, 1,234 results, selected")
    #expect(list[1]?.accessibilityLabel == "Sony, 1 result")
    #expect(list.facet(at: 2) == Facet(value: "LG", count: 0))
  }

  @Test("A row index the list does not have is nil, never a trap")
  func outOfRange() {
    let list = FacetListRows([SelectableItem(item: Facet(value: "Apple", count: 3), isSelected: false)])
    for index in [-1, 1, 2, Int.max, Int.min] {
      #expect(list[index] == nil)
      #expect(list.facet(at: index) == nil)
    }
    #expect(FacetListRows().count == 0)
  }

  @Test("A table built on the rows, on the embedded engine: a tap refines, the row shows the check")
  func tableEndToEnd() async throws {
    let searcher = try WidgetFixture.searcher()
    let filterState = FilterState()
    let table = FacetListTableDouble()
    let connector = FacetListConnector(
      searcher: searcher, filterState: filterState, attribute: "color", selectionMode: .multiple, operator: .or,
      controller: table, presenter: FacetListPresenter(sortBy: [.isRefined, .count(order: .descending)]))
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    #expect(table.cells == ["blue (2)", "red (2)", "green (1)"])

    table.didSelectRow(2)
    await searcher.waitForResults()
    #expect(filterState.description == #"( "color":"green" )"#)
    #expect(table.cells == ["green (1) ✓", "blue (2)", "red (2)"])
    #expect(table.reloads > 0)

    // A tap on a row the list no longer has (it raced a reload) does nothing.
    table.didSelectRow(7)
    #expect(filterState.description == #"( "color":"green" )"#)
    table.didSelectRow(0)
    await searcher.waitForResults()
    #expect(filterState.description.isEmpty)
    #expect(connector.interactor.selections.isEmpty)
  }
}
