import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A SwitchIndexController for SwiftUI: the index names and the selected one as observable state
/// (InstantSearch iOS's `SwitchIndexObservableController`); a `Picker` calls select with the name
/// picked. One change publishes once.
///
/// ```swift
/// Menu(switchIndexController.selectedIndexName) {
///   ForEach(switchIndexController.indexNames, id: \.self) { name in
///     Button(name) { switchIndexController.select(name) }
///   }
/// }
/// ```
@MainActor
@Observable
public final class SwitchIndexObservableController: SwitchIndexController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The index names, in order.
  public private(set) var indexNames: [String]
  /// The selected index name, `""` when none.
  public private(set) var selectedIndexName: String
  /// Set by the connection: switches to the index name given.
  @ObservationIgnored public var select: (String) -> Void = { _ in }
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates a controller showing `indexNames` with `selected`.
  public init(indexNames: [String] = [], selected: String = "") {
    self.indexNames = indexNames
    self.selectedIndexName = selected
  }

  /// Takes the names and the selection (publishes once when either differs).
  public func set(indexNames: [String], selected: String) {
    publish(indexNames, to: \.indexNames, selected, to: \.selectedIndexName)
  }
}
