import InstantSearchCore
import Testing

/// The README's opening example, unchanged but for the captured `print`.
@MainActor
@Suite("README example")
struct ReadmeExampleTests {
  @Test("The example compiles and prints what the README says")
  func example() throws {
    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    let filterState = FilterState()
    filterState[and: "category"].add(Filter.Facet(attribute: "category", stringValue: "shirts"))
    filterState[or: "color"].add(
      Filter.Facet(attribute: "color", stringValue: "red"),
      Filter.Facet(attribute: "color", stringValue: "blue"))
    filterState[and: "price"].add(Filter.Numeric(attribute: "price", range: 10...100))

    let token = filterState.onChange { filters in print("changed:", filters.sql) }
    filterState[or: "color"].toggle(Filter.Facet(attribute: "color", stringValue: "red"))

    print(filterState.description)
    // ( "category":"shirts" ) AND ( "color":"blue" ) AND ( "price":10.0 TO 100.0 )
    print(try Filters(parsing: filterState.description).sql == filterState.description)  // true
    token.cancel()

    let expected = #"( "category":"shirts" ) AND ( "color":"blue" ) AND ( "price":10.0 TO 100.0 )"#
    #expect(printed == ["changed: " + expected, expected, "true"])
  }
}
