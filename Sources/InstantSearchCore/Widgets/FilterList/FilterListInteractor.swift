import Observation

/// The state of a list of filters the developer defines (unlike a refinement list, whose values come from
/// the results): the filters, in order, and which are selected.
///
/// Connected to a ``FilterState``, the selection is derived from it: the list's filters present in its
/// group. A click computes the new selection and writes it to the group.
@MainActor
@Observable
public final class FilterListInteractor<F: FilterType>: WidgetInteractor {
  /// The filters, in the order shown. Setting them (an empty interactor filled later, as InstantSearch
  /// allows) notifies the connected views once; selected filters no longer listed stay in the filter
  /// state until deselected elsewhere.
  public var items: [F] {
    get { storedItems }
    set {
      update {
        $0.storedItems = newValue
        if let selections = $0.selectionsOfItems?(newValue) { $0.selections = selections }
      }
    }
  }
  /// The selected filters.
  public internal(set) var selections: Set<F>
  /// Whether one filter or several can be selected.
  public let selectionMode: SelectionMode

  @ObservationIgnored let links = WidgetLinks()
  /// Where new selections go while a filter state is connected.
  @ObservationIgnored let selectionRequests = IntentSinks<Set<F>>()
  private var storedItems: [F]
  /// While a filter state is connected: the selection it holds for a given list of filters, so that new
  /// ``items`` and their selection reach the views in one change.
  @ObservationIgnored var selectionsOfItems: (@MainActor ([F]) -> Set<F>?)?

  /// Creates an interactor; `selections` are written to the filter state at connect when it holds none of
  /// the list's filters. Without arguments, an empty multiple-selection list whose ``items`` are set later.
  public init(items: [F] = [], selectionMode: SelectionMode = .multiple, selections: Set<F> = []) {
    self.storedItems = items
    self.selectionMode = selectionMode
    self.selections = selections
  }

  /// Selects `key`, or deselects it when selected: in single mode, selecting replaces the selection
  /// (InstantSearch's name for a click).
  public func computeSelections(selectingItemForKey key: F) {
    var next = selections
    if next.contains(key) {
      next.remove(key)
    } else if selectionMode == .single {
      next = [key]
    } else {
      next.insert(key)
    }
    if !selectionRequests.send(next) { update { $0.selections = next } }
  }

  /// Selects or deselects `filter` (see ``computeSelections(selectingItemForKey:)``).
  public func toggle(_ filter: F) {
    computeSelections(selectingItemForKey: filter)
  }

  /// The filters with whether each is selected, in order.
  public var selectableItems: [SelectableItem<F>] {
    items.map { SelectableItem(item: $0, isSelected: selections.contains($0)) }
  }

  /// Calls `handler` after each change of the selection.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(storedItems, selections) }
}

/// A list of facet filters.
public typealias FacetFilterListInteractor = FilterListInteractor<Filter.Facet>
/// A list of numeric filters.
public typealias NumericFilterListInteractor = FilterListInteractor<Filter.Numeric>
/// A list of tag filters.
public typealias TagFilterListInteractor = FilterListInteractor<Filter.Tag>
/// InstantSearch's name for a facet filter in a filter list.
public typealias FacetFilter = Filter.Facet
/// InstantSearch's name for a numeric filter in a filter list.
public typealias NumericFilter = Filter.Numeric
/// InstantSearch's name for a tag filter in a filter list.
public typealias TagFilter = Filter.Tag
