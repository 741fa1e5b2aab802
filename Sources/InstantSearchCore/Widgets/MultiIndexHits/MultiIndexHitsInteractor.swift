import Observation

/// Hits of several indices as sections of one list — products, then suggestions, then articles — one
/// section per hits searcher of a ``MultiSearcher``, in the order they were added.
///
/// Each section is a ``HitsInteractor`` of `SearchHit` (pages, infinite scrolling, staleness as for one
/// index); ``hit(atIndex:inSection:as:)`` decodes a row into a type of your own.
@MainActor
@Observable
public final class MultiIndexHitsInteractor: WidgetInteractor {
  /// The sections, one per index.
  public private(set) var sections: [HitsInteractor<SearchHit>] = []
  /// Counts the changes of any section (what views observe).
  public private(set) var revision = 0

  @ObservationIgnored let links = WidgetLinks()
  @ObservationIgnored private let makeSection: @MainActor () -> HitsInteractor<SearchHit>

  /// Creates an interactor whose sections scroll as `infiniteScrolling` says.
  public init(infiniteScrolling: InfiniteScrolling = .on(withOffset: 5), showItemsOnEmptyQuery: Bool = true) {
    makeSection = { HitsInteractor(infiniteScrolling: infiniteScrolling, showItemsOnEmptyQuery: showItemsOnEmptyQuery) }
  }

  /// The number of sections.
  public func numberOfSections() -> Int { sections.count }

  /// The number of rows of `section` (0 for a section that does not exist).
  public func numberOfHits(inSection section: Int) -> Int {
    sections.indices.contains(section) ? sections[section].numberOfHits() : 0
  }

  /// The hit of a row, or `nil` past the loaded ones or the sections.
  public func hit(atIndex index: Int, inSection section: Int) -> SearchHit? {
    sections.indices.contains(section) ? sections[section].hit(atIndex: index) : nil
  }

  /// The hit of a row decoded as `Record`, or `nil` past the loaded ones.
  ///
  /// - Throws: `ResponseDecodingError` naming the attribute that does not fit `Record`.
  public func hit<Record: Decodable>(atIndex index: Int, inSection section: Int, as type: Record.Type)
    throws(ResponseDecodingError) -> Record?
  {
    try hit(atIndex: index, inSection: section)?.decode(as: type)
  }

  /// Calls `handler` after each change of any section.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(revision) }

  /// Makes one section per hits searcher of `searcher` (present now), each following its searcher's
  /// results. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: MultiSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      let children = searcher.hitsSearchers
      while interactor.sections.count < children.count { interactor.sections.append(interactor.makeSection()) }
      var tokens: [SubscriptionToken] = []
      for (section, child) in zip(interactor.sections, children) {
        let connection = section.connectSearcher(child)
        tokens.append(.undoing { connection.disconnect() })
        tokens.append(section.onChange { [weak interactor] in interactor?.update { $0.revision += 1 } })
      }
      interactor.update { $0.revision += 1 }
      return tokens
    }
  }

  /// Connects a view: it reads the sections from the interactor, reloading after each change. The
  /// interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some MultiIndexHitsController) -> WidgetConnection {
    makeConnection { interactor in
      controller.hitsSource = interactor
      controller.reload()
      return [
        .undoing { controller.hitsSource = nil },
        interactor.onChange { controller.reload() },
      ]
    }
  }
}

/// A view of hits in sections, one per index: it reads them from its ``hitsSource`` when told to reload.
/// Keep ``hitsSource`` `weak` in your implementation.
@MainActor
public protocol MultiIndexHitsController: AnyObject {
  /// Where the sections come from.
  var hitsSource: MultiIndexHitsInteractor? { get set }
  /// Reads the sections again.
  func reload()
}
