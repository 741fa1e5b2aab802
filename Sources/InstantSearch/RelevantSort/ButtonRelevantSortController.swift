#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A Relevant Sort toggle as a button (its title: "Show all results" / "Show more relevant results") and,
  /// optionally, a label with the hint; both hidden when the index searched does not sort relevantly.
  ///
  /// ```swift
  /// let controller = ButtonRelevantSortController(button: toggleButton, hintLabel: hintLabel)
  /// let relevantSort = RelevantSortConnector(searcher: searcher, controller: controller)
  /// ```
  @MainActor
  open class ButtonRelevantSortController: NSObject, RelevantSortController {
    /// Set by the connection: what a tap does.
    public var didToggle: (() -> Void)?
    /// The toggle.
    public let button: UIButton
    /// The hint, if any.
    public let hintLabel: UILabel?

    /// Shows the toggle in `button` and the hint in `hintLabel`.
    public init(button: UIButton, hintLabel: UILabel? = nil) {
      self.button = button
      self.hintLabel = hintLabel
      super.init()
      let action = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.didToggle?() }
      }
      button.addAction(action, for: .touchUpInside)
    }

    /// Shows the toggle's title and the hint, or hides both for `nil`.
    open func setItem(_ item: RelevantSortTextualRepresentation?) {
      button.setTitle(item?.toggleTitle, for: .normal)
      button.isHidden = item == nil
      hintLabel?.text = item?.hintText
      hintLabel?.isHidden = item == nil
    }
  }
#endif
