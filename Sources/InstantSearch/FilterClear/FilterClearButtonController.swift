#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A "clear filters" `UIButton`: a tap clears the connected groups.
  ///
  /// ```swift
  /// let clearRefinementsController: FilterClearButtonController = .init(button: UIButton())
  /// filterClearConnector.interactor.connectController(clearRefinementsController)
  /// ```
  @MainActor
  open class FilterClearButtonController: NSObject, FilterClearController {
    /// Set by the connection: what a tap does.
    public var onClick: (() -> Void)?
    /// The button.
    public let button: UIButton

    /// Clears on each tap of `button`.
    public init(button: UIButton) {
      self.button = button
      super.init()
      let action = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.onClick?() }
      }
      button.addAction(action, for: .touchUpInside)
    }
  }
#endif
