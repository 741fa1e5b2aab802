import Observation

/// The logic of a sort selector: the indices the hits can be sorted by (a primary and its replicas), by
/// key, and which one the searcher uses.
///
/// Selecting a key switches the connected searcher to that index and searches again; the query and the
/// filters stay, the page goes back to the first. The selection follows the searcher: when something else
/// changes its index, the selection becomes that index's key (`nil` when none of the items is that index).
@MainActor
@Observable
public final class SortByInteractor: SegmentedInteractor {
  /// The index names by key (`[0: "products", 1: "products_price_asc"]`).
  public let items: [Int: String]
  /// The key of the index searched, or `nil`.
  public internal(set) var selected: Int?

  @ObservationIgnored let links = WidgetLinks()
  /// Where selections go while a searcher is connected.
  @ObservationIgnored let selectionRequests = IntentSinks<Int>()

  /// Creates an interactor; `selected` is applied to the searcher when one is connected.
  public init(items: [Int: String], selected: Int? = nil) {
    self.items = items
    self.selected = selected.flatMap { items[$0] == nil ? nil : $0 }
  }

  /// The name of the selected index.
  public var selectedIndexName: String? { selected.flatMap { items[$0] } }

  /// Sorts by the index of `key` (nothing happens when it is selected already or unknown).
  public func select(_ key: Int) {
    guard key != selected, items[key] != nil else { return }
    if !selectionRequests.send(key) { update { $0.selected = key } }
  }

  /// Calls `handler` after each change of the selection.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(selected) }

  /// The smallest key of `indexName`.
  func key(of indexName: String) -> Int? {
    items.filter { $0.value == indexName }.keys.min()
  }

  /// Switches `searcher` to the index of the selection when the selection names one and the searcher
  /// uses a different index; else takes the searcher's index as the selection. Then follows the searcher's
  /// index and applies selections to it. The interactor keeps the connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      if let name = interactor.selectedIndexName {
        if searcher.indexName != name { searcher.indexName = name }
      } else {
        interactor.update { $0.selected = $0.key(of: searcher.indexName) }
      }
      return [
        searcher.onIndexChanged { [weak interactor] name in
          guard let interactor, interactor.selectedIndexName != name else { return }
          interactor.update { $0.selected = $0.key(of: name) }
        },
        interactor.selectionRequests.add { [weak interactor, weak searcher] key in
          guard let interactor, let searcher, let name = interactor.items[key] else { return }
          interactor.update { $0.selected = key }
          searcher.indexName = name
          searcher.search()
        },
      ]
    }
  }

  /// Connects a view: shows the items through `presenter` (the index name as it is by default) and the
  /// selection, now and after each change; clicks select. The interactor keeps the connection.
  @discardableResult
  public func connectController(
    _ controller: some SelectableSegmentController,
    presenter: @escaping @MainActor (String) -> String = DefaultPresenter.IndexName.present
  ) -> WidgetConnection {
    connectSegments(controller, titles: items.mapValues(presenter))
  }
}

extension DefaultPresenter {
  /// How index names read by default.
  public enum IndexName {
    /// The index name as it is.
    public static func present(_ indexName: String) -> String { indexName }
  }
}
