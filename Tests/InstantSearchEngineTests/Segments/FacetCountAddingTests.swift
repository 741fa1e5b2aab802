import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Segments: other segments' facet counts added to the base's")
struct FacetCountAddingTests {
  @Test("Extras add to the values the base has, repeated extras add up, and new values are appended")
  func adding() {
    let base = [(value: 1, count: 5), (value: 4, count: 2), (value: 9, count: 7)]
    let extras = [(value: 4, count: 1), (value: 2, count: 3), (value: 9, count: 1), (value: 2, count: 2)]
    let result = ViewSearch.adding(extras, to: base)
    #expect(result.map(\.value) == [1, 4, 9, 2])
    #expect(result.map(\.count) == [5, 3, 8, 5])
    #expect(ViewSearch.adding([], to: base).map(\.count) == [5, 2, 7])
    #expect(ViewSearch.adding(extras, to: []).map(\.value) == [4, 2, 9])
  }

  @Test("A segment's value map follows its target column, even one allocated where a freed target was")
  func valueMaps() throws {
    let counts = LiveFacetCounts()
    let source = try Self.column(["a", "b", "c", "d"])
    var random = DifferentialTests.Generator(state: 0x3A95)
    // Each target is freed at the end of its round: the next one is likely to take its address, which a
    // memo keyed by address would answer with the freed target's map.
    for round in 0..<40 {
      let brands = ["a", "b", "c", "d", "e"].filter { _ in random.bool() }
      let target = try Self.column(brands.isEmpty ? ["z"] : brands)
      let expected = source.keys.map { key in target.exactIDs[key].map { Int32($0) } ?? -1 }
      #expect(counts.valueMap(from: source, to: target) == expected, "round \(round)")
      #expect(counts.valueMap(from: source, to: target) == expected, "round \(round), remembered")
    }
  }

  /// The brand column of an index of one record a brand.
  static func column(_ brands: [String]) throws -> FacetColumn {
    let records: [[String: JSON]] = brands.enumerated().map { ["objectID": .string("r\($0)"), "brand": .string($1)] }
    let index = try Fixture.index(records, settings: ["attributesForFaceting": ["brand"]])
    return try #require(index.view.soleSnapshot?.facets["brand"])
  }
}
