extension PaginationInteractor {
  /// Connects a searcher: the current page and the number of pages are those of its latest results (before
  /// any, the page of its request); a selected page is set on its request and searched. The searcher goes
  /// back to the first page by itself when the query, filters or index change, and its next results say
  /// so. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      let take = { @MainActor [weak interactor] (response: SearchResponse) in
        guard let interactor else { return }
        interactor.update {
          $0.currentPage = response.page
          $0.nbPages = $0.offered(response.nbPages)
        }
      }
      if let latest = searcher.latestResponse {
        take(latest)
      } else {
        interactor.update { $0.currentPage = searcher.request.page ?? 0 }
      }
      return [
        searcher.onResults(take),
        interactor.pageRequests.add { [weak interactor, weak searcher] page in
          guard let interactor, let searcher else { return }
          interactor.update { $0.currentPage = page }
          searcher.request.page = page
          searcher.search()
        },
      ]
    }
  }

  /// Connects a view: it gets the page links now and after each change; the page it reports is selected.
  /// The interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some PaginationController) -> WidgetConnection {
    connectView(
      attach: { interactor in
        controller.onPageSelected = { [weak interactor] page in interactor?.select(page: page) }
      },
      detach: { controller.onPageSelected = nil },
      show: { interactor in
        controller.setPages(
          interactor.pages.map { PageLink(page: $0, isCurrent: $0 == interactor.currentPage) },
          hasPrevious: !interactor.isFirstPage, hasNext: !interactor.isLastPage, nbPages: interactor.nbPages)
      })
  }
}
