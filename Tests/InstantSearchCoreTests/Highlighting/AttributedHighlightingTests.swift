import Foundation
import InstantSearchCore
import Testing

@Suite("Highlighting as NSAttributedString")
struct AttributedHighlightingTests {
  static let mark = NSAttributedString.Key("test.mark")

  /// The text with its marked parts in brackets: `[App]le iPhone`.
  static func shown(_ text: NSAttributedString) -> String {
    var out = ""
    let whole = text.string as NSString
    var location = 0
    while location < text.length {
      var range = NSRange(location: 0, length: 0)
      let marked = text.attribute(mark, at: location, effectiveRange: &range) != nil
      let part = whole.substring(with: range)
      out += marked ? "[\(part)]" : part
      location = range.location + range.length
    }
    return out
  }

  @Test("Highlighted runs carry the attributes; inverted, the others do; no tags are left")
  func marks() {
    let highlighted = HighlightedString(string: "<em>App</em>le iPhone <em>é</em>💡")
    let plain = NSAttributedString(highlightedString: highlighted, attributes: [Self.mark: true])
    #expect(plain.string == "Apple iPhone é💡")
    #expect(Self.shown(plain) == "[App]le iPhone [é]💡")
    let inverted = NSAttributedString(highlightedString: highlighted, inverted: true, attributes: [Self.mark: true])
    #expect(Self.shown(inverted) == "App[le iPhone ]é[💡]")
  }

  @Test("From a highlight result; several values joined by an unmarked separator")
  func resultsAndArrays() throws {
    let hit = try SearchHit(object: [
      "objectID": "1",
      "_highlightResult": ["name": ["value": "<em>Red</em> shirt", "matchLevel": "partial", "matchedWords": ["red"]]],
    ])
    let result = try #require(hit.highlight(for: "name"))
    #expect(Self.shown(NSAttributedString(highlightResult: result, attributes: [Self.mark: 1])) == "[Red] shirt")
    let joined = NSAttributedString(
      highlightedStrings: [HighlightedString(string: "<em>a</em>b"), HighlightedString(string: "c<em>d</em>")],
      separator: NSAttributedString(string: ", "), attributes: [Self.mark: 1])
    #expect(Self.shown(joined) == "[a]b, c[d]")
    #expect(NSAttributedString(highlightedStrings: [], separator: .init(string: ","), attributes: [:]).length == 0)
  }
}
