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
}
