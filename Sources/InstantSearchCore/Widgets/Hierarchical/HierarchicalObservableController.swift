import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``HierarchicalController`` for SwiftUI: the menu's rows as observable state. One change publishes
/// once.
///
/// ```swift
/// ForEach(controller.items, id: \.facet.value) { row in
///   Button(row.facet.value) { controller.select(row.facet.value) }.padding(.leading, CGFloat(row.level) * 12)
/// }
/// ```
@MainActor
@Observable
public final class HierarchicalObservableController: HierarchicalController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The rows, in order.
  public private(set) var items: [HierarchicalFacet] = []
  /// Set by the connection: what a tap does.
  @ObservationIgnored public var onClick: ((String) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// Takes the rows (publishes once when they differ).
  public func setItem(_ item: [HierarchicalFacet]) {
    publish(item, to: \.items)
  }

  /// The rows (InstantSearch's name for ``items``).
  public var hierarchicalFacets: [HierarchicalFacet] { items }

  /// Selects the value `value` (or unselects it when it is the deepest selected one).
  public func select(_ value: String) {
    onClick?(value)
  }

  /// Selects the value `value` (InstantSearch's name for ``select(_:)``).
  public func toggle(_ value: String) {
    select(value)
  }
}
