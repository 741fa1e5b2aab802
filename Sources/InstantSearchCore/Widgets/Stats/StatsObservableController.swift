import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A StatsTextController for SwiftUI: the presented stats line as observable state (InstantSearch
/// iOS's `StatsTextObservableController`; empty before any result). One change publishes once.
///
/// ```swift
/// Text(statsController.stats)
/// ```
@MainActor
@Observable
public final class StatsTextObservableController: StatsTextController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The text of the stats, `""` before any result.
  public private(set) var stats: String
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates a controller showing `stats`.
  public init(stats: String = "") {
    self.stats = stats
  }

  /// Takes the presented text (`nil`: empty).
  public func setItem(_ item: String?) {
    publish(item ?? "", to: \.stats)
  }
}

/// The figures of the latest results as observable state, for a SwiftUI view that formats them itself
/// (InstantSearch iOS's `StatsObservableController`: it keeps the last figures when told `nil`). One
/// change publishes once.
///
/// ```swift
/// Text("\(statsController.stats.totalHitsCount) products")
/// ```
@MainActor
@Observable
public final class StatsObservableController: ItemController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The latest figures (all zero before any result).
  public private(set) var stats: SearchStats
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates a controller showing `stats`.
  public init(stats: SearchStats = SearchStats()) {
    self.stats = stats
  }

  /// Takes new figures; `nil` keeps the last ones.
  public func setItem(_ item: SearchStats?) {
    guard let item else { return }
    publish(item, to: \.stats)
  }
}
