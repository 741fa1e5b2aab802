import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// An ``ItemController`` for SwiftUI: the rules' custom data as observable state.
///
/// ```swift
/// if let banner = bannerController.item { Text(banner.title) }
/// ```
@MainActor
@Observable
public final class QueryRuleCustomDataObservableController<Model>: ItemController, @MainActor ObservableObject {
  /// The item shown, `nil` when the results carry none.
  public private(set) var item: Model?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates a controller.
  public init(item: Model? = nil) {
    self.item = item
  }

  /// Takes the item (publishes each time: a model need not be comparable).
  public func setItem(_ item: Model?) {
    objectWillChange.send()
    self.item = item
  }
}
