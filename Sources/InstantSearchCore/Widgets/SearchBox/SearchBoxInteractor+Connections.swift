extension SearchBoxInteractor {
  /// Connects a searcher: shows its query, then sends the text to it — on each change with
  /// ``SearchTriggeringMode/searchAsYouType``, else on submit — and follows its query when it is set
  /// elsewhere. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher, searchTriggeringMode: SearchTriggeringMode = .searchAsYouType)
    -> WidgetConnection
  {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      interactor.setQuery(searcher.query)
      return [
        interactor.onChange { [weak interactor, weak searcher] in
          guard let interactor, let searcher, searcher.query != interactor.query else { return }
          searcher.query = interactor.query
          if searchTriggeringMode == .searchAsYouType { searcher.search() }
        },
        interactor.onSubmit { [weak interactor, weak searcher] _ in
          guard let interactor, let searcher else { return }
          searcher.query = interactor.query
          searcher.search()
        },
        searcher.onQueryChanged { [weak interactor] query in interactor?.setQuery(query) },
      ]
    }
  }

  /// Connects a view: shows the text now and after each change; forwards edits and submissions. The
  /// interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some SearchBoxController) -> WidgetConnection {
    makeConnection { interactor in
      controller.setQuery(interactor.query)
      controller.onQueryChanged = { [weak interactor] query in interactor?.setQuery(query) }
      controller.onQuerySubmitted = { [weak interactor] query in
        interactor?.setQuery(query)
        interactor?.submit()
      }
      return [
        .undoing {
          controller.onQueryChanged = nil
          controller.onQuerySubmitted = nil
        },
        interactor.onChange { [weak interactor] in
          guard let interactor else { return }
          controller.setQuery(interactor.query)
        },
      ]
    }
  }
}
