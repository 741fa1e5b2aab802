import Observation

// `ObservableObject`: Combine on Apple platforms, OpenCombine on Linux.
#if canImport(Combine)
  import Combine
#elseif canImport(OpenCombine)
  import OpenCombine
#endif

/// A ``QuerySuggestionsController`` for SwiftUI: the suggestions as observable state, and ``select(_:)`` for
/// a row's tap. One change publishes once.
@MainActor
@Observable
public final class QuerySuggestionsObservableController: QuerySuggestionsController, @MainActor ObservableObject,
  @MainActor PublishingController
{
  /// The suggestions to show.
  public private(set) var suggestions: [QuerySuggestion] = []
  /// Set by the connection: what picking a suggestion does.
  @ObservationIgnored public var onSelect: ((QuerySuggestion) -> Void)?
  /// Publishes before each change, for `@ObservedObject`.
  public let objectWillChange = ObservableObjectPublisher()

  /// Creates an empty controller.
  public init() {}

  /// Takes the suggestions (publishes once when they differ).
  public func setSuggestions(_ suggestions: [QuerySuggestion]) {
    publish(suggestions, to: \.suggestions)
  }

  /// Picks `suggestion`.
  public func select(_ suggestion: QuerySuggestion) {
    onSelect?(suggestion)
  }
}
