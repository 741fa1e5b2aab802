import Foundation
import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A HitsController for SwiftUI: the loaded hits as observable state (InstantSearch iOS's
/// `HitsObservableController`). A row that appears calls notifyAppearanceOfHit(atIndex:), which loads
/// the next page near the end when the interactor scrolls infinitely; new results (a new query or new
/// filters) change scrollID, which a `ScrollViewReader` can follow back to the top. One reload
/// publishes once.
///
/// ```swift
/// List(Array(hitsController.hits.enumerated()), id: \.offset) { index, hit in
///   Text(hit?.object.name ?? "").onAppear { hitsController.notifyAppearanceOfHit(atIndex: index) }
/// }
/// ```
@MainActor
@Observable
public final class HitsObservableController<Record: Decodable & Sendable>: HitsController,
  @MainActor ObservableObject
{
  /// The loaded hits, in order (InstantSearch iOS's optional elements; none is `nil` here).
  public private(set) var hits: [Record?] = []
  /// Changes with each new list of results, for scrolling back to the top.
  public private(set) var scrollID = UUID()
  /// Set by the connection: where the hits come from.
  @ObservationIgnored public weak var hitsSource: HitsInteractor<Record>?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates a controller.
  public init() {}

  /// Reads the loaded hits again (publishes once).
  public func reload() {
    objectWillChange.send()
    hits = hitsSource?.hits.map(Optional.some) ?? []
  }

  /// Asks the list to show its first row (publishes once).
  public func scrollToTop() {
    objectWillChange.send()
    scrollID = UUID()
  }

  /// Tells the list that the row at `index` is on screen: near the end, the next page loads.
  public func notifyAppearanceOfHit(atIndex index: Int) {
    _ = hitsSource?.hit(atIndex: index)
  }
}
