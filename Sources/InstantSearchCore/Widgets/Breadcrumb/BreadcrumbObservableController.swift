import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``BreadcrumbController`` for SwiftUI: the steps as observable state. One change publishes once.
///
/// ```swift
/// HStack {
///   Button("All") { breadcrumb.select(level: nil) }
///   ForEach(breadcrumb.items, id: \.level) { step in
///     Text("›")
///     Button(step.label) { breadcrumb.select(level: step.level) }.disabled(step.isCurrent)
///   }
/// }
/// ```
@MainActor
@Observable
public final class BreadcrumbObservableController: BreadcrumbController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The steps, from the top level to the current one.
  public private(set) var items: [BreadcrumbItem] = []
  /// Set by the connection: what picking a step does.
  @ObservationIgnored public var onSelect: ((Int?) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// Takes the steps (publishes once when they differ).
  public func setItems(_ items: [BreadcrumbItem]) {
    publish(items, to: \.items)
  }

  /// Goes up to `level` (`nil`: the root).
  public func select(level: Int?) { onSelect?(level) }
}
