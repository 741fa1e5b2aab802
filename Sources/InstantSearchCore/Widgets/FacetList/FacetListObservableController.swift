import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``FacetListController`` for SwiftUI: the values and the selection as observable state. One change
/// publishes once, to Observation and to `objectWillChange`.
@MainActor
@Observable
public final class FacetListObservableController: FacetListShowMoreController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The values shown, in order.
  public private(set) var facets: [Facet] = []
  /// The selected values.
  public private(set) var selections: Set<String> = []
  /// Whether more values than the presenter's `limit` are shown.
  public private(set) var isShowingMore = false
  /// Whether a "show more" / "show less" control has anything to do (hide it when not).
  public private(set) var canToggleShowMore = false
  /// Set by the connection: what a tap does.
  @ObservationIgnored public var onClick: ((Facet) -> Void)?
  /// Set by the connection: what a tap on "show more" / "show less" does.
  @ObservationIgnored public var onToggleShowMore: (() -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// Takes the new items (publishes once when they differ).
  public func setSelectableItems(selectableItems: [SelectableItem<Facet>]) {
    let newFacets = selectableItems.map(\.item)
    let newSelections = Set(selectableItems.filter(\.isSelected).map(\.item.value))
    publish(newFacets, to: \.facets, newSelections, to: \.selections)
  }

  /// Nothing to do: the state is already published.
  public func reload() {}

  /// Takes the state of the "show more" control (publishes once when it differs).
  public func setShowMore(isShowingMore: Bool, canToggle: Bool) {
    publish(isShowingMore, to: \.isShowingMore, canToggle, to: \.canToggleShowMore)
  }

  /// Shows more values, or fewer when already showing more.
  public func toggleShowMore() {
    onToggleShowMore?()
  }

  /// Selects or unselects `facet`.
  public func toggle(_ facet: Facet) {
    onClick?(facet)
  }

  /// Whether `facet` is selected.
  public func isSelected(_ facet: Facet) -> Bool {
    selections.contains(facet.value)
  }
}
