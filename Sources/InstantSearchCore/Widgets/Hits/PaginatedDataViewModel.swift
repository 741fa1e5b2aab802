import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A page of items (InstantSearch iOS's `Page`), as ``PaginatedDataViewModel`` loads them.
public protocol Page<Item> {
  /// What the page holds.
  associatedtype Item
}

/// A page of a searcher's hits decoded as `Item` (InstantSearch iOS's `AlgoliaHitsPage`).
public enum AlgoliaHitsPage<Item: Decodable & Sendable>: Page {}

/// The hits of a searcher as one growing list for SwiftUI's `InfiniteList` (InstantSearch iOS's
/// `PaginatedDataViewModel`, made by `searcher.paginatedData(of:)`): ``items`` are the pages loaded so
/// far, ``loadNext()`` asks for the first page or the one after the loaded ones. A new query or new filters
/// start the list again. One change publishes once.
///
/// ```swift
/// let hits = searcher.paginatedData(of: Hit<Product>.self)
/// InfiniteList(hits) { hit in Text(hit.object.name) } noResults: { Text("No results") }
/// ```
@MainActor
@Observable
public final class PaginatedDataViewModel<P: Page>: @MainActor ObservableObject
where P.Item: Decodable & Sendable {
  /// The items loaded, in order.
  public private(set) var items: [P.Item] = []
  /// Whether there is a page after the loaded ones (or none loaded yet).
  public private(set) var hasNext = true
  /// Whether there are pages before the loaded ones (never: the list starts at the first page).
  public private(set) var hasPrevious = false
  /// Publishes before each change, for `@ObservedObject` and `@StateObject`.
  public let objectWillChange = ObservableObjectPublisher()
  @ObservationIgnored private let interactor: HitsInteractor<P.Item>
  @ObservationIgnored private weak var searcher: HitsSearcher?
  @ObservationIgnored private var tokens: [SubscriptionToken] = []
  @ObservationIgnored private let connection: WidgetConnection

  /// A list of `searcher`'s hits.
  public init(searcher: HitsSearcher) {
    let interactor = HitsInteractor<P.Item>(infiniteScrolling: .off)
    self.interactor = interactor
    self.searcher = searcher
    connection = interactor.connectSearcher(searcher)
    tokens = [interactor.onChange { [weak self] in self?.refresh() }]
    refresh()
  }

  /// Loads the first page when none is loaded (and none is on its way), else the next one, if any.
  public func loadNext() {
    guard let searcher else { return }
    if interactor.pages.isEmpty || interactor.isStale {
      if !searcher.isLoading { searcher.search() }
    } else {
      interactor.loadNextPageIfNeeded()
    }
  }

  /// Does nothing: the list starts at the first page (``hasPrevious`` is always `false`).
  public func loadPrevious() {}

  private func refresh() {
    let next = interactor.hits
    let more = interactor.pages.isEmpty || interactor.firstPage + interactor.pages.count < interactor.nbPages
    objectWillChange.send()
    items = next
    hasNext = more
  }
}

extension HitsSearcher {
  /// The searcher's hits as one growing list of `Item` (InstantSearch iOS's `paginatedData(of:)`).
  public func paginatedData<Item: Decodable & Sendable>(
    of type: Item.Type
  ) -> PaginatedDataViewModel<AlgoliaHitsPage<Item>> {
    PaginatedDataViewModel(searcher: self)
  }
}
