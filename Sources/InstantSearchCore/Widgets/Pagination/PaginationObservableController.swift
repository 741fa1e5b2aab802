import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``PaginationController`` for SwiftUI: the page links as observable state. One change publishes once.
///
/// ```swift
/// HStack {
///   Button("‹") { pagination.previous() }.disabled(!pagination.hasPrevious)
///   ForEach(pagination.pages, id: \.page) { link in
///     Button(link.label) { pagination.select(page: link.page) }.bold(link.isCurrent)
///   }
///   Button("›") { pagination.next() }.disabled(!pagination.hasNext)
/// }
/// ```
@MainActor
@Observable
public final class PaginationObservableController: PaginationController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// What the controller shows, compared as one value so that a change publishes once.
  public struct State: Hashable, Sendable {
    /// The page links.
    public var pages: [PageLink] = []
    /// Whether there is a page before the current one.
    public var hasPrevious = false
    /// Whether there is a page after the current one.
    public var hasNext = false
    /// How many pages there are.
    public var nbPages = 0
  }

  /// The links and their surroundings.
  public private(set) var state = State()
  /// Set by the connection: what picking a page does.
  @ObservationIgnored public var onPageSelected: ((Int) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// The page links.
  public var pages: [PageLink] { state.pages }
  /// Whether there is a page before the current one.
  public var hasPrevious: Bool { state.hasPrevious }
  /// Whether there is a page after the current one.
  public var hasNext: Bool { state.hasNext }
  /// The current page, from 0.
  public var currentPage: Int { state.pages.first(where: \.isCurrent)?.page ?? 0 }

  /// Takes the links (publishes once when anything differs).
  public func setPages(_ pages: [PageLink], hasPrevious: Bool, hasNext: Bool, nbPages: Int) {
    publish(State(pages: pages, hasPrevious: hasPrevious, hasNext: hasNext, nbPages: nbPages), to: \.state)
  }

  /// Goes to `page` (from 0).
  public func select(page: Int) { onPageSelected?(page) }
  /// Goes to the page after the current one.
  public func next() { if hasNext { select(page: currentPage + 1) } }
  /// Goes to the page before the current one.
  public func previous() { if hasPrevious { select(page: currentPage - 1) } }
}
