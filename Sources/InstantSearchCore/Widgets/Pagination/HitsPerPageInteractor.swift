import Observation

/// One choice of a hits-per-page selector: the number of hits and how it reads.
public struct HitsPerPageItem: Hashable, Sendable {
  /// The number of hits a page holds.
  public let value: Int
  /// How the choice reads (`"20 per page"`).
  public let label: String
  /// Whether it is the choice in force before any other is made (exactly one item is).
  public let isDefault: Bool

  /// A choice of `value` hits a page.
  public init(value: Int, label: String, isDefault: Bool = false) {
    self.value = value
    self.label = label
    self.isDefault = isDefault
  }
}

/// The logic of a hits-per-page selector (InstantSearch.js's `hitsPerPage`): choices keyed by position,
/// and which one the searcher uses. Selecting one sets the searcher's `hitsPerPage` (which sends it back to
/// the first page) and searches; the selection follows the searcher's request when something else sets it.
@MainActor
@Observable
public final class HitsPerPageInteractor: SegmentedInteractor {
  /// The choices, in order (keys are positions).
  public let items: [HitsPerPageItem]
  /// The key of the choice in force, or `nil` when the searcher's `hitsPerPage` is none of them.
  public internal(set) var selected: Int?

  @ObservationIgnored let links = WidgetLinks()
  @ObservationIgnored let selectionRequests = IntentSinks<Int>()

  /// Creates a selector over `items`, the default one selected (the first when none or several say so).
  public init(items: [HitsPerPageItem]) {
    self.items = items
    selected = items.isEmpty ? nil : items.firstIndex(where: \.isDefault) ?? 0
  }

  /// The number of hits of the selected choice.
  public var selectedValue: Int? { selected.map { items[$0].value } }

  /// Selects the choice at `key` (nothing happens when it is selected already or out of range).
  public func select(_ key: Int) {
    guard key != selected, items.indices.contains(key) else { return }
    if !selectionRequests.send(key) { update { $0.selected = key } }
  }

  /// Calls `handler` after each change of the selection.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(selected) }

  /// The key of the first choice of `value` hits.
  func key(of value: Int?) -> Int? {
    value.flatMap { value in items.firstIndex { $0.value == value } }
  }

  /// Connects a searcher: a request without `hitsPerPage` gets the selected choice's (the default); a
  /// request that has one selects its choice. Selections set the request's `hitsPerPage` and search; the
  /// selection follows the request's results when something else changes it. The interactor keeps the
  /// connection.
  @discardableResult
  public func connectSearcher(_ searcher: HitsSearcher) -> WidgetConnection {
    makeConnection { [weak searcher] interactor in
      guard let searcher else { return nil }
      if let asked = searcher.request.hitsPerPage {
        interactor.update { $0.selected = $0.key(of: asked) }
      } else if let value = interactor.selectedValue {
        searcher.request.hitsPerPage = value
      }
      return [
        searcher.onResults { [weak interactor, weak searcher] _ in
          guard let interactor, let searcher else { return }
          let key = interactor.key(of: searcher.request.hitsPerPage)
          if key != interactor.selected { interactor.update { $0.selected = key } }
        },
        interactor.selectionRequests.add { [weak interactor, weak searcher] key in
          guard let interactor, let searcher else { return }
          interactor.update { $0.selected = key }
          searcher.request.hitsPerPage = interactor.items[key].value
          searcher.search()
        },
      ]
    }
  }

  /// Connects a segmented view (or a menu): the choices' labels and the selection, now and after each
  /// change; clicks select. The interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some SelectableSegmentController) -> WidgetConnection {
    connectSegments(
      controller, titles: Dictionary(uniqueKeysWithValues: items.enumerated().map { ($0.offset, $0.element.label) }))
  }
}
