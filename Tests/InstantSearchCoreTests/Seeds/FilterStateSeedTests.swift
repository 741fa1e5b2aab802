// swift-format-ignore-file: the examples are copied from the seed page unchanged.

import InstantSearchCore
import Testing

/// The examples of the FilterState seed page (`shared/seeds/003_…`), copied unchanged. Each test
/// shadows `print` to capture what the example prints and compares it with the page, character for
/// character.
///
/// The page indents the group lines of its third and fourth examples by two spaces; InstantSearch
/// prints one (as in the first two examples), and so do we.
@MainActor
@Suite("FilterState seed page")
struct FilterStateSeedTests {
  final class Printed {
    var lines: [String] = []
  }

  @Test("Conjunctive and disjunctive groups")
  func firstExample() {
    let printed = Printed()
    func print(_ text: String) { printed.lines.append(text) }

    let filterState = FilterState()

    // Add filter to conjunctive group
    filterState[and: "conjunctiveGroup"].add(Filter.Facet(attribute: "category", stringValue: "shirts"))

    // Add filter to disjunctive group
    filterState[or: "disjunctiveGroup"].add(Filter.Facet(attribute: "color", stringValue: "red"))

    print(filterState.debugDescription)

    #expect(
      printed.lines == [
        """
        FilterState {
         "conjunctiveGroup": ( "category":"shirts" )
         "disjunctiveGroup": ( "color":"red" )
        }
        """
      ])
  }

  @Test("Disjunctive groups with different types of filters are different groups")
  func secondExample() {
    let printed = Printed()
    func print(_ text: String) { printed.lines.append(text) }

    let filterState = FilterState()

    filterState[or: "disjunctiveGroup"].add(
      Filter.Facet(attribute: "color", stringValue: "red"),
      Filter.Facet(attribute: "color", stringValue: "blue"))
    filterState[or: "disjunctiveGroup"].add(Filter.Numeric(attribute: "price", range: 10...100))
    filterState[or: "disjunctiveGroup"].add(Filter.Tag(stringLiteral: "sales"))

    print(filterState.debugDescription)

    #expect(
      printed.lines == [
        """
        FilterState {
         "disjunctiveGroup": ( "_tags":"sales" )
         "disjunctiveGroup": ( "color":"blue" OR "color":"red" )
         "disjunctiveGroup": ( "price":10.0 TO 100.0 )
        }
        """
      ])
    #expect(filterState.getGroupIDs().count == 3)
  }

  @Test("Removing a filter through the group accessor")
  func removalExample() {
    let printed = Printed()
    func print(_ text: String) { printed.lines.append(text) }

    let filterState = FilterState()
    let tagFilter = Filter.Tag(stringLiteral: "sales")

    filterState[and: "conjunctiveGroup"].add(tagFilter)
    print(filterState.debugDescription)

    filterState[and: "conjunctiveGroup"].remove(tagFilter)
    print(filterState.debugDescription)

    #expect(
      printed.lines == [
        """
        FilterState {
         "conjunctiveGroup": ( "_tags":"sales" )
        }
        """,
        "FilterState {}",
      ])
  }

  @Test("Toggling a filter through the group accessor")
  func toggleExample() {
    let printed = Printed()
    func print(_ text: String) { printed.lines.append(text) }

    let filterState = FilterState()
    let tagFilter = Filter.Tag(stringLiteral: "sales")

    filterState[and: "conjunctiveGroup"].toggle(tagFilter)
    print(filterState.debugDescription)

    filterState[and: "conjunctiveGroup"].toggle(tagFilter)
    print(filterState.debugDescription)

    #expect(
      printed.lines == [
        """
        FilterState {
         "conjunctiveGroup": ( "_tags":"sales" )
        }
        """,
        "FilterState {}",
      ])
  }

  @Test("Transform to SQL syntax string, and description gives the same string")
  func sqlExample() {
    let filterState = FilterState()
    filterState[and: "conjunctiveGroup"].add(Filter.Facet(attribute: "category", stringValue: "shirts"))
    filterState[or: "disjunctiveGroup"].add(
      Filter.Facet(attribute: "color", stringValue: "red"),
      Filter.Facet(attribute: "color", stringValue: "blue"))

    // convert FilterState to list of filter groups
    let filterGroups = filterState.toFilterGroups()

    // convert list of filter groups to Algolia filter SQL syntax
    let filters = FilterGroupConverter().sql(filterGroups)

    let expected = #"( "category":"shirts" ) AND ( "color":"blue" OR "color":"red" )"#
    #expect(filters == expected)
    #expect(filterState.description == expected)
  }

  @Test("An empty state renders the empty string")
  func emptyDescription() {
    let filterState = FilterState()
    #expect(filterState.description == "")
    #expect(FilterGroupConverter().sql(filterState.toFilterGroups()) == nil)
  }
}
