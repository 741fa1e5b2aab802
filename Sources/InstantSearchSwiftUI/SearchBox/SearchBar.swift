#if canImport(SwiftUI)
  import SwiftUI
  import InstantSearchCore

  /// A search field for SwiftUI (InstantSearch iOS's `SearchBar`): the text bound to a
  /// ``SearchBoxObservableController``'s query, a button that clears it while editing, and Cancel.
  ///
  /// ```swift
  /// @ObservedObject var searchBoxController: SearchBoxObservableController
  /// @State var isEditing = false
  /// SearchBar(text: $searchBoxController.query, isEditing: $isEditing,
  ///           onSubmit: searchBoxController.submit)
  /// ```
  public struct SearchBar: View {
    /// The query text.
    @Binding public var text: String
    /// Whether the field is being edited (Cancel and the clear button show then).
    @Binding public var isEditing: Bool
    private let placeholder: String
    private let onSubmit: () -> Void

    /// A search field editing `text`, calling `onSubmit` when the user submits.
    public init(
      text: Binding<String>, isEditing: Binding<Bool>, placeholder: String = "Search …",
      onSubmit: @escaping () -> Void = {}
    ) {
      _text = text
      _isEditing = isEditing
      self.placeholder = placeholder
      self.onSubmit = onSubmit
    }

    /// The field, the clear button while editing a text, and Cancel while editing.
    public var body: some View {
      HStack {
        Image(systemName: "magnifyingglass").foregroundStyle(.secondary)
        TextField(placeholder, text: $text)
          .onSubmit {
            onSubmit()
            isEditing = false
          }
          .onTapGesture { isEditing = true }
        if isEditing && !text.isEmpty {
          Button(action: { text = "" }) {
            Image(systemName: "multiply.circle.fill").foregroundStyle(.secondary)
          }
          .accessibilityLabel("Clear the search")
        }
        if isEditing {
          Button("Cancel") { isEditing = false }
        }
      }
      .padding(.horizontal)
    }
  }
#endif
