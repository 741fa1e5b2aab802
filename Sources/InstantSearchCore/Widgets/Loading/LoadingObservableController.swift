import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``LoadingController`` for SwiftUI: whether a search is on its way, as observable state. One change
/// publishes once.
///
/// ```swift
/// if loadingController.isLoading { ProgressView() }
/// ```
@MainActor
@Observable
public final class LoadingObservableController: LoadingController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// Whether a search is on its way.
  public private(set) var isLoading: Bool
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates a controller.
  public init(isLoading: Bool = false) {
    self.isLoading = isLoading
  }

  /// Takes the loading state (publishes once when it differs).
  public func setItem(_ item: Bool) {
    publish(item, to: \.isLoading)
  }
}
