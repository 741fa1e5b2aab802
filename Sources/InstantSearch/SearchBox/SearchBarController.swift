#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A search box in a `UISearchBar` (its delegate): each edit is the query, the search button submits it,
  /// the cancel button clears it.
  ///
  /// ```swift
  /// let searchBarController: SearchBarController = .init(searchBar: UISearchBar())
  /// let searchBoxConnector = SearchBoxConnector(
  ///   searcher: searcher, searchTriggeringMode: .searchAsYouType, controller: searchBarController)
  /// ```
  @MainActor
  open class SearchBarController: NSObject, SearchBoxController, UISearchBarDelegate {
    /// Set by the connection: what an edit does.
    public var onQueryChanged: ((String?) -> Void)?
    /// Set by the connection: what the search button does.
    public var onQuerySubmitted: ((String?) -> Void)?
    /// The search bar, whose delegate this controller becomes.
    public let searchBar: UISearchBar

    /// Drives `searchBar`.
    public init(searchBar: UISearchBar) {
      self.searchBar = searchBar
      super.init()
      searchBar.delegate = self
    }

    /// Shows the query.
    open func setQuery(_ query: String?) {
      searchBar.text = query
    }

    /// An edit: the new text is the query.
    open func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) {
      onQueryChanged?(searchText)
    }

    /// The search button: the text is submitted and the keyboard goes away.
    open func searchBarSearchButtonClicked(_ searchBar: UISearchBar) {
      onQuerySubmitted?(searchBar.text)
      searchBar.resignFirstResponder()
    }

    /// The cancel button: the query is cleared and the keyboard goes away.
    open func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
      searchBar.text = ""
      onQueryChanged?("")
      searchBar.resignFirstResponder()
    }
  }
#endif
