/// A view of the loading state: an activity indicator, a progress bar, a spinner in a status line.
@MainActor
public protocol LoadingController: AnyObject {
  /// Receives whether a search is on its way (`true`: show the indicator).
  func setItem(_ item: Bool)
}
