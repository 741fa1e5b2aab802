/// When a search box searches.
public enum SearchTriggeringMode: Hashable, Sendable {
  /// On every change of the text.
  case searchAsYouType
  /// Only when the text is submitted.
  case searchOnSubmit
}

/// A text field: it shows the query and reports what the user types and submits.
@MainActor
public protocol SearchBoxController: AnyObject {
  /// Called with the text after each edit.
  var onQueryChanged: ((String?) -> Void)? { get set }
  /// Called with the text when the user submits it.
  var onQuerySubmitted: ((String?) -> Void)? { get set }
  /// Shows `query` (set from elsewhere).
  func setQuery(_ query: String?)
}
