import Observation

/// The logic of query suggestions: the suggestions a suggestions searcher found for the text typed, and a
/// selection that makes a suggestion the main query.
///
/// Connected to the suggestions searcher (usually a sibling of the main one in a ``MultiSearcher``, so
/// both search the typed text in one request) it takes each result's hits as ``QuerySuggestion``s;
/// connected to the main searcher, selecting a suggestion sets its query and searches — a search box
/// connected to the same searcher shows the new text.
@MainActor
@Observable
public final class QuerySuggestionsInteractor: WidgetInteractor {
  /// The latest suggestions, best first (those equal to the text typed left out: nothing to suggest).
  public private(set) var suggestions: [QuerySuggestion] = []

  @ObservationIgnored let links = WidgetLinks()
  /// Where selections go while a main searcher is connected.
  @ObservationIgnored let selections = IntentSinks<QuerySuggestion>()

  /// Creates an interactor.
  public init() {}

  /// Makes `suggestion` the main query (through the connected main searcher).
  public func select(_ suggestion: QuerySuggestion) {
    selections.send(suggestion)
  }

  /// Calls `handler` after each change of the suggestions.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(suggestions) }

  func take(_ response: SearchResponse) {
    let typed = (response.query ?? "").lowercased()
    let suggestions = response.hits.compactMap(QuerySuggestion.init).filter { $0.query.lowercased() != typed }
    update { $0.suggestions = suggestions }
  }

  /// Takes the suggestions of every result of `searcher` (and of its latest one). The interactor keeps the
  /// connection.
  @discardableResult
  public func connectSuggestionsSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      return [searcher.followResults { [weak interactor] response in interactor?.take(response) }]
    }
  }

  /// Sends selections to `searcher`: its query becomes the suggestion's, and it searches. The interactor
  /// keeps the connection.
  @discardableResult
  public func connectQuerySearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard searcher != nil else { return nil }
      return [
        interactor.selections.add { [weak searcher] suggestion in
          guard let searcher else { return }
          searcher.query = suggestion.query
          searcher.search()
        }
      ]
    }
  }

  /// Shows the suggestions in a view, now and after each change; picking one selects it. The interactor
  /// keeps the connection.
  @discardableResult
  public func connectController(_ controller: some QuerySuggestionsController) -> WidgetConnection {
    makeConnection { interactor in
      controller.setSuggestions(interactor.suggestions)
      controller.onSelect = { [weak interactor] suggestion in interactor?.select(suggestion) }
      return [
        .undoing { controller.onSelect = nil },
        interactor.onChange { [weak interactor] in
          guard let interactor else { return }
          controller.setSuggestions(interactor.suggestions)
        },
      ]
    }
  }
}
