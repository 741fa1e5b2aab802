// The SwiftUI calls InstantSearch iOS 8's widget pages and guides document, written here in our own code
// with the anchor's names and argument labels: type-checked with the SwiftUI views against the stand-in
// (see AppleOnlySourcesTests).
import InstantSearchCore
import SwiftUI

/// A hit's name with the matched words bold, as the getting-started guide shows a row.
struct HighlightedNameRow: View {
  let hit: Hit<DocumentedProduct>

  var body: some View {
    if let name = hit.hightlightedString(forKey: "name") {
      Text(highlightedString: name) { Text($0).bold() }
    } else {
      Text(hit.object.name)
    }
  }
}

/// A record of the examples.
struct DocumentedProduct: Decodable, Sendable {
  let name: String
}
