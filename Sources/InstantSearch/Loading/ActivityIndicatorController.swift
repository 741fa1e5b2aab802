#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// The loading state in a `UIActivityIndicatorView`: it spins while a search is on its way.
  ///
  /// ```swift
  /// let loadingConnector = LoadingConnector(
  ///   searcher: searcher, controller: ActivityIndicatorController(activityIndicator: .init()))
  /// ```
  @MainActor
  open class ActivityIndicatorController: NSObject, LoadingController {
    /// The indicator.
    public let activityIndicator: UIActivityIndicatorView

    /// Shows the loading state in `activityIndicator`.
    public init(activityIndicator: UIActivityIndicatorView) {
      self.activityIndicator = activityIndicator
      super.init()
    }

    /// Starts or stops the indicator.
    open func setItem(_ item: Bool) {
      if item {
        activityIndicator.startAnimating()
      } else {
        activityIndicator.stopAnimating()
      }
    }
  }
#endif
