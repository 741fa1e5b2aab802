#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A search box in a `UITextField` — or a search bar's text field, as InstantSearch iOS advises from
  /// iOS 13 on: each edit is the query, the return key submits it.
  ///
  /// ```swift
  /// let textFieldController = TextFieldController(searchBar: searchController.searchBar)
  /// let searchBoxConnector = SearchBoxConnector(searcher: searcher, controller: textFieldController)
  /// ```
  @MainActor
  open class TextFieldController: NSObject, SearchBoxController {
    /// Set by the connection: what an edit does.
    public var onQueryChanged: ((String?) -> Void)?
    /// Set by the connection: what the return key does.
    public var onQuerySubmitted: ((String?) -> Void)?
    /// The text field.
    public let textField: UITextField

    /// Drives `textField`.
    public init(textField: UITextField) {
      self.textField = textField
      super.init()
      let edited = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.edited() }
      }
      let submitted = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.submitted() }
      }
      textField.addAction(edited, for: .editingChanged)
      textField.addAction(submitted, for: .editingDidEndOnExit)
    }

    /// Drives the text field of `searchBar`.
    public convenience init(searchBar: UISearchBar) {
      self.init(textField: searchBar.searchTextField)
    }

    /// Shows the query.
    open func setQuery(_ query: String?) {
      textField.text = query
    }

    private func edited() {
      onQueryChanged?(textField.text)
    }

    private func submitted() {
      onQuerySubmitted?(textField.text)
      textField.resignFirstResponder()
    }
  }
#endif
