/// Something that searches and says whether a search is on its way: ``HitsSearcher`` and ``FacetSearcher``.
@MainActor
public protocol LoadingStateSource: AnyObject {
  /// Whether an answer that could still be delivered is awaited.
  var isLoading: Bool { get }
  /// Calls `handler` with ``isLoading`` whenever it changes.
  func onLoadingChanged(_ handler: @escaping @MainActor (Bool) -> Void) -> SubscriptionToken
}

extension HitsSearcher: LoadingStateSource {}
extension FacetSearcher: LoadingStateSource {}
