import Observation

/// A ``FacetListController`` for SwiftUI: the values and the selection as observable state. One change
/// publishes once, to Observation and to `objectWillChange`.
@MainActor
@Observable
public final class FacetListObservableController: FacetListController, @MainActor ObservableObject {
  /// The values shown, in order.
  public private(set) var facets: [Facet] = []
  /// The selected values.
  public private(set) var selections: Set<String> = []
  /// Set by the connection: what a tap does.
  @ObservationIgnored public var onClick: ((Facet) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// Takes the new items (publishes once when they differ).
  public func setSelectableItems(selectableItems: [SelectableItem<Facet>]) {
    let newFacets = selectableItems.map(\.item)
    let newSelections = Set(selectableItems.filter(\.isSelected).map(\.item.value))
    guard newFacets != facets || newSelections != selections else { return }
    objectWillChange.send()
    facets = newFacets
    selections = newSelections
  }

  /// Nothing to do: the state is already published.
  public func reload() {}

  /// Selects or unselects `facet`.
  public func toggle(_ facet: Facet) {
    onClick?(facet)
  }

  /// Whether `facet` is selected.
  public func isSelected(_ facet: Facet) -> Bool {
    selections.contains(facet.value)
  }
}
