import Observation

/// The state and logic of a facet list: the values to show and which are selected.
///
/// The selection is derived from the connected ``FilterState`` (its single source of truth): a click
/// computes the new selection and writes it to the state, which then updates ``selections``.
@MainActor
@Observable
public final class FacetListInteractor: WidgetInteractor {
  /// The values, from the latest results (or the initial ones).
  public internal(set) var items: [Facet]
  /// The selected values (facet keys).
  public internal(set) var selections: Set<String>
  /// Whether one value or several can be selected.
  public let selectionMode: SelectionMode
  /// Whether a selected value that the latest results no longer hold stays listed (with a count of 0) so
  /// that it can be unselected from the list: `true` by default, as InstantSearch iOS always shows them;
  /// `false` lists only the values of the results (the filter stays in the state until removed
  /// elsewhere, by a clear button or current filters). Changing it redraws connected views once.
  public var persistentSelection: Bool {
    get { storedPersistentSelection }
    set { update { $0.storedPersistentSelection = newValue } }
  }
  /// Whether the list shows up to its presenter's `showMoreLimit` values instead of `limit`. It survives
  /// new results, queries and filters; ``toggleShowMore()`` flips it.
  public var isShowingMore: Bool {
    get { storedIsShowingMore }
    set { update { $0.storedIsShowingMore = newValue } }
  }
  /// Whether the latest results may hold more values than they returned: they returned as many as the
  /// request allowed (`maxValuesPerFacet`). Set by the searcher connection.
  public internal(set) var isTruncated = false
  /// Whether the counts of the latest results are exact for this list's attribute (the AND of every response
  /// that fed them; see `SearchResponse.isFacetCountExhaustive(for:)`). Set by the searcher connection; a
  /// view may mark approximate counts (`~1,200`).
  public internal(set) var areCountsExhaustive = true
  /// The most values a connected view may show (its presenter's `showMoreLimit`, else its `limit`); the
  /// searcher connection raises the request's `maxValuesPerFacet` to it when needed.
  public internal(set) var valuesNeeded = 0

  @ObservationIgnored let links = WidgetLinks()
  /// Where new selections go while a filter state is connected.
  @ObservationIgnored let selectionRequests = IntentSinks<Set<String>>()
  private var storedIsShowingMore = false
  private var storedPersistentSelection = true

  /// Creates an interactor; `facets` are shown until the first results arrive (they are not selected).
  public init(facets: [Facet] = [], selectionMode: SelectionMode = .multiple, persistentSelection: Bool = true) {
    self.items = facets
    self.storedPersistentSelection = persistentSelection
    self.selections = []
    self.selectionMode = selectionMode
  }

  /// Selects `value`, or deselects it when selected; in single mode, selecting replaces the selection.
  public func toggle(_ value: String) {
    var next = selections
    if next.contains(value) {
      next.remove(value)
    } else if selectionMode == .single {
      next = [value]
    } else {
      next.insert(value)
    }
    apply(next)
  }

  /// Shows more values, or fewer when already showing more.
  public func toggleShowMore() {
    isShowingMore.toggle()
  }

  /// Replaces the selection (written to the filter state when one is connected).
  public func select(_ values: Set<String>) {
    apply(selectionMode == .single ? Set(values.sorted().prefix(1)) : values)
  }

  private func apply(_ next: Set<String>) {
    if !selectionRequests.send(next) { update { $0.selections = next } }
  }

  /// Calls `handler` after each change of the items or the selection.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  /// Takes the values of a result and what is known about them, notifying once if anything changed.
  func takeResults(_ facets: [Facet], isTruncated: Bool, areCountsExhaustive: Bool) {
    update {
      $0.items = facets
      $0.isTruncated = isTruncated
      $0.areCountsExhaustive = areCountsExhaustive
    }
  }

  var changeSnapshot: some Equatable {
    ChangeKey(
      items, selections, storedIsShowingMore, storedPersistentSelection, isTruncated, areCountsExhaustive, valuesNeeded)
  }
}
