extension HitsInteractor {
  /// Connects a searcher: takes its latest results, if any, then every later result; a new query makes the
  /// pages stale; the next page loads through it. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      return interactor.follow(searcher)
    }
  }

  /// Takes `searcher`'s latest results, then follows its results, its query and the page requests; the
  /// tokens end that.
  func follow(_ searcher: HitsSearcher) -> [SubscriptionToken] {
    return [
      searcher.followResults { [weak self, weak searcher] response in
        self?.take(response, query: searcher?.query)
      },
      searcher.onQueryChanged { [weak self] _ in self?.invalidate() },
      pageRequests.add { [weak searcher] page in
        guard let searcher else { return }
        searcher.request.page = page
        searcher.search()
      },
    ]
  }

  /// Connects a filter state: every change makes the pages stale (the next results replace them). The
  /// interactor keeps the connection.
  @discardableResult
  public func connectFilterState(_ filterState: FilterState) -> WidgetConnection {
    makeConnection { [weak filterState] interactor in
      guard let filterState else { return nil }
      return [filterState.onChange { [weak interactor] _ in interactor?.invalidate() }]
    }
  }

  /// Connects a view: it reads the hits from the interactor, reloads now and after each change, and
  /// scrolls to the top when new results replace the list. The interactor keeps the connection.
  @discardableResult
  public func connectController<Controller: HitsController>(_ controller: Controller) -> WidgetConnection
  where Controller.Record == Record {
    makeConnection { interactor in
      controller.hitsSource = interactor
      var shownGeneration = interactor.generation
      controller.reload()
      return [
        .undoing { controller.hitsSource = nil },
        interactor.onChange { [weak interactor] in
          guard let interactor else { return }
          controller.reload()
          if interactor.generation != shownGeneration {
            shownGeneration = interactor.generation
            controller.scrollToTop()
          }
        },
      ]
    }
  }
}
