#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// Query suggestions in a table (InstantSearch iOS's `QuerySuggestionsViewController`): each row the
  /// suggestion with the part that matched the typed words bold (or, with ``isHighlightingInverted``, the
  /// completion bold instead); a tap submits the suggestion as the query and calls ``didSelect``.
  ///
  /// Connect it as the hits view of the suggestions and as a search box of the main searcher:
  ///
  /// ```swift
  /// let suggestionsViewController = QuerySuggestionsViewController(style: .plain)
  /// let suggestions = HitsConnector<Hit<QuerySuggestion>>(
  ///   searcher: suggestionsSearcher, controller: suggestionsViewController)
  /// let searchBox = SearchBoxConnector(searcher: multiSearcher, controller: suggestionsViewController)
  /// ```
  @MainActor
  open class QuerySuggestionsViewController: UITableViewController, HitsController, SearchBoxController {
    /// The hit type.
    public typealias Record = Hit<QuerySuggestion>

    /// Set by the connection: where submissions go (a tap on a suggestion).
    public var onQuerySubmitted: ((String?) -> Void)?
    /// Set by the connection: where edits go (never sent here: the view only submits).
    public var onQueryChanged: ((String?) -> Void)?
    /// Set by the connection: the suggestions.
    public weak var hitsSource: HitsInteractor<Hit<QuerySuggestion>>?
    /// Called with the suggestion the user taps.
    public var didSelect: ((Hit<QuerySuggestion>) -> Void)?
    /// Whether the completion is bold instead of the part that matched.
    public var isHighlightingInverted = false {
      didSet { tableView.reloadData() }
    }
    private let cellID = "QuerySuggestionCell"

    /// A table of suggestions in `style`.
    public override init(style: UITableView.Style) {
      super.init(style: style)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellID)
    }

    /// A table of suggestions from a storyboard.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellID)
    }

    /// Reads the suggestions again.
    open func reload() {
      tableView.reloadData()
    }

    /// Shows the first suggestion.
    open func scrollToTop() {
      guard tableView.numberOfRows(inSection: 0) > 0 else { return }
      tableView.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
    }

    /// The query set elsewhere changes nothing here: the suggestions follow their own searcher.
    open func setQuery(_ query: String?) {}

    /// The number of suggestions.
    open override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      hitsSource?.numberOfHits() ?? 0
    }

    /// The suggestion, its highlighted part bold (the rest with ``isHighlightingInverted``).
    open override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: cellID, for: indexPath)
      guard let hit = hitsSource?.hit(atIndex: indexPath.row), let label = cell.textLabel else { return cell }
      let text = hit.hightlightedString(forKey: "query") ?? HighlightedString(string: hit.object.query)
      label.attributedText = NSAttributedString(
        highlightedString: text, inverted: isHighlightingInverted,
        attributes: [.font: UIFont.boldSystemFont(ofSize: label.font.pointSize)])
      return cell
    }

    /// Submits the tapped suggestion.
    open override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      guard let hit = hitsSource?.hit(atIndex: indexPath.row) else { return }
      didSelect?(hit)
      onQuerySubmitted?(hit.object.query)
    }
  }
#endif
