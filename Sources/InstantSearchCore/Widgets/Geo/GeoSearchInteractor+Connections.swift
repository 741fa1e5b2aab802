extension GeoSearchInteractor {
  /// Connects a searcher: the area is the one its query holds (or, when it holds none, this interactor's
  /// is written to it); a new area is written to the query and searched, the page back to the first.
  /// Changes of the query's geo parameters made elsewhere are followed after each search. The
  /// interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      let held = GeoSearchArea(searcher.request)
      if held == .anywhere, interactor.area != .anywhere {
        searcher.request = interactor.area.applied(to: searcher.request)
      } else {
        interactor.update { $0.area = held }
      }
      return [
        interactor.areaRequests.add { [weak searcher, weak interactor] next in
          guard let searcher else { return }
          interactor?.update { $0.area = next }
          searcher.request = next.applied(to: searcher.request)
          searcher.search()
        },
        searcher.onResults { [weak searcher, weak interactor] _ in
          guard let searcher else { return }
          interactor?.update { $0.area = GeoSearchArea(searcher.request) }
        },
      ]
    }
  }

  /// Connects a map that drives the search: it shows the area now and after each change; the region and
  /// the location it reports are searched. The interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some GeoSearchController) -> WidgetConnection {
    connectView(
      attach: { interactor in
        controller.onSearchInRegion = { [weak interactor] box in interactor?.searchInside(box) }
        controller.onSearchAround = { [weak interactor] center, radius in
          interactor?.searchAround(center, radius: radius)
        }
      },
      detach: {
        controller.onSearchInRegion = nil
        controller.onSearchAround = nil
      },
      show: { interactor in controller.setArea(interactor.area) })
  }
}
