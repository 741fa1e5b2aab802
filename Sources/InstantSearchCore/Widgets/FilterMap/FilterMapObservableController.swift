import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``SelectableSegmentController`` for SwiftUI: the segments and the selected key as observable state.
/// One change publishes once.
@MainActor
@Observable
public final class FilterMapObservableController: SelectableSegmentController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The segments' texts by key.
  public private(set) var items: [Int: String] = [:]
  /// The selected key.
  public private(set) var selected: Int?
  /// Set by the connection: what a tap does.
  @ObservationIgnored public var onClick: ((Int) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// Takes the selected key (publishes once when it differs).
  public func setSelected(_ selected: Int?) {
    publish(selected, to: \.selected)
  }

  /// Takes the items (publishes once when they differ).
  public func setItems(items: [Int: String]) {
    publish(items, to: \.items)
  }

  /// Selects `key`.
  public func select(_ key: Int) {
    onClick?(key)
  }
}

/// InstantSearch iOS's name for a SwiftUI segmented control's state, as Sort By uses it. Unlike the
/// anchor's, which sorts the keys and then uses positions as keys, it keeps each segment's own key.
public typealias SelectableSegmentObservableController = FilterMapObservableController
