import InstantSearchCore
import Testing

@Suite("Selectable segments")
struct SelectableSegmentsTests {
  @Test("Keys with gaps map to segments 0, 1, 2 in key order, both ways")
  func mapping() {
    var segments = SelectableSegments(items: [20: "female", 5: "male", 90: "not specified"], selected: 20)
    #expect(segments.count == 3)
    #expect(segments.keys == [5, 20, 90])
    #expect(segments.titles == ["male", "female", "not specified"])
    #expect(segments.selectedSegment == 1)
    #expect(segments.key(atSegment: 2) == 90)
    #expect(segments.title(atSegment: 0) == "male")
    segments.selectedKey = 90
    #expect(segments.selectedSegment == 2)
  }

  @Test("No selection, an unknown key, or a segment that does not exist give nil")
  func absent() {
    var segments = SelectableSegments(items: [0: "a", 1: "b"])
    #expect(segments.selectedSegment == nil)
    segments.selectedKey = 7
    #expect(segments.selectedSegment == nil)
    for segment in [-1, 2, Int.max, Int.min] {
      #expect(segments.key(atSegment: segment) == nil)
      #expect(segments.title(atSegment: segment) == nil)
    }
  }

  @Test("New items keep the selected key, which finds its new segment")
  func newItems() {
    var segments = SelectableSegments(items: [1: "one", 2: "two"], selected: 2)
    segments.setItems([0: "zero", 1: "one", 2: "two"])
    #expect(segments.selectedKey == 2)
    #expect(segments.selectedSegment == 2)
    segments.setItems([2: "two"])
    #expect(segments.selectedSegment == 0)
  }
}
