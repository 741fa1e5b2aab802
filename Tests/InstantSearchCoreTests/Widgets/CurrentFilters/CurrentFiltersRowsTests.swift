import InstantSearchCore
import Testing

@MainActor
@Suite("Current filters rows", .timeLimit(.minutes(2)))
struct CurrentFiltersRowsTests {
  @Test("Rows show the presenter's text, or the default presentation when an item has none")
  func titles() {
    let red = Filter.facet(Filter.Facet(attribute: "color", stringValue: "red"))
    let price = Filter.numeric(Filter.Numeric(attribute: "price", range: 5...10.5))
    let rows = CurrentFiltersRows([
      FilterAndID(filter: red, id: .and(name: "color"), text: "Red"),
      FilterAndID(filter: price, id: .and(name: "price")),
    ])
    #expect(rows.count == 2)
    #expect(rows.title(at: 0) == "Red")
    #expect(rows.title(at: 1) == "price: 5.0 to 10.5")
    #expect(rows.accessibilityLabel(at: 1) == "Remove filter price: 5.0 to 10.5")
    #expect(rows.item(at: 0)?.filter == red)
  }

  @Test("A row index the list does not have is nil, never a trap")
  func outOfRange() {
    let rows = CurrentFiltersRows([
      FilterAndID(filter: .tag(Filter.Tag(value: "promo")), id: .and(name: "_tags"), text: "promo")
    ])
    for index in [-1, 1, Int.max, Int.min] {
      #expect(rows.item(at: index) == nil)
      #expect(rows.title(at: index) == nil)
      #expect(rows.accessibilityLabel(at: index) == nil)
    }
  }
}
