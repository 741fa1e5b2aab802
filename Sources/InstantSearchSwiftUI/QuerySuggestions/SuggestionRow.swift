#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// One query suggestion as a row: the suggested query with the typed part in plain weight and the rest
  /// bold (as search engines show completions), and a button that puts the suggestion in the search box
  /// without searching it yet ("type ahead").
  ///
  /// ```swift
  /// ForEach(suggestions.suggestions, id: \.objectID) { suggestion in
  ///   SuggestionRow(suggestion: suggestion, onSelection: { interactor.select(suggestion) },
  ///                 onTypeAhead: { searchBox.query = suggestion.query })
  /// }
  /// ```
  public struct SuggestionRow: View {
    /// The suggestion.
    public let suggestion: QuerySuggestion
    /// What choosing the row does.
    public let onSelection: () -> Void
    /// What the type-ahead button does (no button when `nil`).
    public let onTypeAhead: (() -> Void)?

    /// A row for `suggestion`.
    public init(suggestion: QuerySuggestion, onSelection: @escaping () -> Void, onTypeAhead: (() -> Void)? = nil) {
      self.suggestion = suggestion
      self.onSelection = onSelection
      self.onTypeAhead = onTypeAhead
    }

    /// The query and the type-ahead button.
    public var body: some View {
      HStack {
        Self.text(suggestion)
        Spacer()
        if let onTypeAhead {
          Button(action: onTypeAhead) {
            Image(systemName: "arrow.up.left")
          }
          .accessibilityLabel("Complete with \(suggestion.query)")
        }
      }
      .contentShape(Rectangle())
      .onTapGesture(perform: onSelection)
      .frame(minHeight: 44)
    }

    /// The suggestion's text: what matched the typed words plain, the completion bold.
    static func text(_ suggestion: QuerySuggestion) -> Text {
      // Algolia highlights what matched; the completion is what the user wants to see stand out.
      Text(
        highlightedString: HighlightedString(string: suggestion.highlighted ?? suggestion.query),
        regular: { Text($0).bold() }, highlighted: { Text($0) })
    }
  }
#endif
