import InstantSearchModel
import Testing

@Suite("HighlightedString")
struct HighlightedStringTests {
  typealias Run = HighlightedString.Run

  @Test("Tags split the text into plain and highlighted runs; empty runs are left out")
  func runs() {
    #expect(
      HighlightedString(string: "<em>Blue</em> shirt").runs == [
        Run(text: "Blue", isHighlighted: true), Run(text: " shirt", isHighlighted: false),
      ])
    #expect(
      HighlightedString(string: "a <em>b</em><em>c</em>").runs == [
        Run(text: "a ", isHighlighted: false), Run(text: "b", isHighlighted: true), Run(text: "c", isHighlighted: true),
      ])
    #expect(HighlightedString(string: "plain").runs == [Run(text: "plain", isHighlighted: false)])
    #expect(HighlightedString(string: "").runs.isEmpty)
  }

  @Test("An unclosed tag highlights to the end; custom tags; the plain text")
  func edges() {
    #expect(
      HighlightedString(string: "x<em>yz").runs == [
        Run(text: "x", isHighlighted: false), Run(text: "yz", isHighlighted: true),
      ])
    let custom = HighlightedString(string: "[a]b", preTag: "[", postTag: "]")
    #expect(custom.runs == [Run(text: "a", isHighlighted: true), Run(text: "b", isHighlighted: false)])
    #expect(HighlightedString(string: "<em>Blue</em> shirt").plain == "Blue shirt")
    #expect(HighlightedString(string: "a<em>b", preTag: "").plain == "a<em>b")
  }
}
