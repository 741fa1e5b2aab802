import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``SelectableListController`` for SwiftUI: a filter list's filters and selection as observable state.
/// One change publishes once.
@MainActor
@Observable
public final class FilterListObservableController<F: FilterType>: SelectableListController,
  @MainActor ObservableObject, @MainActor PublishingController
{
  /// The filters, in order.
  public private(set) var filters: [F] = []
  /// The selected filters.
  public private(set) var selections: Set<F> = []
  /// Set by the connection: what a tap does.
  @ObservationIgnored public var onClick: ((F) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()
  @ObservationIgnored private let presenter: (Filter) -> String

  /// Creates an empty controller whose ``title(of:)`` reads a filter through `presenter`.
  public init(presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present) {
    self.presenter = presenter
  }

  /// Takes the filters and the selection (publishes once when they differ).
  public func setSelectableItems(selectableItems: [SelectableItem<F>]) {
    publish(
      selectableItems.map(\.item), to: \.filters, Set(selectableItems.filter(\.isSelected).map(\.item)),
      to: \.selections)
  }

  /// How `filter` reads.
  public func title(of filter: F) -> String {
    presenter(filter.eraseToFilter())
  }

  /// Whether `filter` is selected.
  public func isSelected(_ filter: F) -> Bool {
    selections.contains(filter)
  }

  /// Selects or deselects `filter`.
  public func toggle(_ filter: F) {
    onClick?(filter)
  }
}
