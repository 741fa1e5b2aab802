import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``SelectableController`` for SwiftUI: a filter toggle's filter and state as observable state. One
/// change publishes once.
///
/// ```swift
/// Toggle(controller.title, isOn: Binding(get: { controller.isSelected }, set: { _ in controller.toggle() }))
/// ```
@MainActor
@Observable
public final class FilterToggleObservableController<F: FilterType>: SelectableController,
  @MainActor ObservableObject, @MainActor PublishingController
{
  /// The filter, once connected.
  public private(set) var filter: F?
  /// Whether the filter is applied.
  public private(set) var isSelected = false
  /// Set by the connection: what a click does.
  @ObservationIgnored public var onClick: ((Bool) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()
  @ObservationIgnored private let presenter: (Filter) -> String

  /// Creates a controller whose ``title`` reads the filter through `presenter`.
  public init(presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present) {
    self.presenter = presenter
  }

  /// The filter as text (empty before connecting).
  public var title: String { filter.map { presenter($0.eraseToFilter()) } ?? "" }

  /// Takes the filter (publishes once when it differs).
  public func setItem(_ item: F) {
    publish(Optional(item), to: \.filter)
  }

  /// Takes the state (publishes once when it differs).
  public func setSelected(_ isSelected: Bool) {
    publish(isSelected, to: \.isSelected)
  }

  /// Turns the filter on when off, off when on.
  public func toggle() {
    onClick?(!isSelected)
  }
}
