import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``DynamicFacetListController`` for SwiftUI: the ordered facets and the selections as observable
/// state. One change publishes once.
///
/// ```swift
/// ForEach(controller.orderedFacets, id: \.attribute) { section in
///   Section(section.attribute.rawValue) {
///     ForEach(section.facets, id: \.value) { facet in
///       Button(facet.description) { controller.toggle(facet, for: section.attribute) }
///     }
///   }
/// }
/// ```
@MainActor
@Observable
public final class DynamicFacetListObservableController: DynamicFacetListController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The attributes and their values, in order.
  public private(set) var orderedFacets: [AttributedFacets] = []
  /// The selected values of each attribute.
  public private(set) var selections: [Attribute: Set<String>] = [:]
  /// Set by the connection: what a tap does.
  @ObservationIgnored public var didSelect: ((Attribute, Facet) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// Takes the ordered facets (publishes once when they differ).
  public func setOrderedFacets(_ orderedFacets: [AttributedFacets]) {
    publish(orderedFacets, to: \.orderedFacets)
  }

  /// Takes the selections (publishes once when they differ).
  public func setSelections(_ selections: [Attribute: Set<String>]) {
    publish(selections, to: \.selections)
  }

  /// Selects or deselects `facet` of `attribute`.
  public func toggle(_ facet: Facet, for attribute: Attribute) {
    didSelect?(attribute, facet)
  }

  /// Whether `facet` of `attribute` is selected.
  public func isSelected(_ facet: Facet, for attribute: Attribute) -> Bool {
    selections[attribute]?.contains(facet.value) ?? false
  }
}
