extension SearchBoxInteractor {
  /// Connects a searcher — a ``HitsSearcher``, a ``MultiSearcher`` (every index it searches) or any
  /// ``QuerySearcher`` —: shows its query, then sends the text to it — on each change with
  /// ``SearchTriggeringMode/searchAsYouType`` (a submission then sends nothing more, as InstantSearch
  /// iOS), else on submit — and follows its query when it is set elsewhere. The interactor keeps the
  /// connection.
  @discardableResult
  public func connectSearcher(
    _ searcher: some QuerySearcher, searchTriggeringMode: SearchTriggeringMode = .searchAsYouType
  ) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      interactor.setQuery(searcher.query)
      return [
        interactor.onChange { [weak interactor, weak searcher] in
          guard let interactor, let searcher, searcher.query != interactor.query else { return }
          searcher.setQuery(interactor.query)
          if searchTriggeringMode == .searchAsYouType { searcher.search() }
        },
        // As you type, the text was searched as it changed: a submission searches only on submit.
        interactor.onSubmit { [weak interactor, weak searcher] _ in
          guard searchTriggeringMode == .searchOnSubmit, let interactor, let searcher else { return }
          searcher.setQuery(interactor.query)
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
