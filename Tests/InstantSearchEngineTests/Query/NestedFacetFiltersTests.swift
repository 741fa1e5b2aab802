import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Algolia's Common Test Suite sends `facetFilters` nested three deep ("search filters end to end"): the
/// engine reads the deeper arrays as more alternatives of their clause, and answers as Algolia does there.
@Suite("facetFilters nested deeper than a clause")
struct NestedFacetFiltersTests {
  static func index() throws -> LocalIndex {
    try Fixture.index(
      ["visual studio", "neovim", "goland", "emacs"].enumerated().map { number, editor in
        ["objectID": .string("\(number)"), "editor": .string(editor)]
      }, settings: ["attributesForFaceting": ["editor"]])
  }

  @Test("the CTS's four requests: the filters string matches two; each facetFilters form, none")
  func endToEnd() throws {
    let index = try Self.index()
    #expect(try index.search(Fixture.query(filters: "editor:'visual studio' OR editor:neovim")).nbHits == 2)
    // In facetFilters the quotes are part of the value ('visual studio' with its quotes): no record has it,
    // and the clauses are ANDed.
    for facetFilters: JSON in [
      ["editor:'visual studio'", "editor:neovim"], ["editor:'visual studio'", ["editor:neovim"]],
      ["editor:'visual studio'", ["editor:neovim", ["editor:goland"]]],
    ] {
      let query = try Query(jsonObject: ["facetFilters": facetFilters])
      #expect(try index.search(query).nbHits == 0, "\(facetFilters)")
    }
  }

  @Test("a nested array's values are alternatives of the clause that holds it")
  func alternatives() throws {
    let index = try Self.index()
    let query = try Query(jsonObject: ["facetFilters": [["editor:neovim", ["editor:goland", ["editor:emacs"]]]]])
    #expect(Fixture.ids(try index.search(query)).sorted() == ["1", "2", "3"])
  }
}
