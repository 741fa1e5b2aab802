#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A breadcrumb in a `UISegmentedControl`: `All | Audio | Headphones`, the current step selected; a tap
  /// on an earlier step goes back up to it (`All` clears the category).
  ///
  /// ```swift
  /// let path = BreadcrumbSegmentedController(segmentedControl: UISegmentedControl())
  /// let breadcrumb = BreadcrumbConnector(hierarchicalConnector: categories, controller: path)
  /// ```
  ///
  /// What the segments read and where each leads comes from ``LinkSegments``.
  @MainActor
  open class BreadcrumbSegmentedController: NSObject, BreadcrumbController {
    /// Set by the connection: goes up to the level picked (`nil`: the root).
    public var onSelect: ((Int?) -> Void)?
    /// The control showing the steps.
    public let segmentedControl: UISegmentedControl
    /// The title of the root step.
    public let rootTitle: String
    /// The steps shown.
    public private(set) var segments = LinkSegments(breadcrumb: [])

    /// Shows the steps in `segmentedControl`, the root titled `rootTitle`.
    public init(segmentedControl: UISegmentedControl, rootTitle: String = "All") {
      self.segmentedControl = segmentedControl
      self.rootTitle = rootTitle
      super.init()
      let action = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.picked() }
      }
      segmentedControl.addAction(action, for: .valueChanged)
    }

    /// Shows the steps.
    open func setItems(_ items: [BreadcrumbItem]) {
      segments = LinkSegments(breadcrumb: items, rootTitle: rootTitle)
      segmentedControl.replaceSegments(with: segments.links.map(\.title), selected: segments.currentIndex)
    }

    private func picked() {
      guard let link = segments[segmentedControl.selectedSegmentIndex], !link.isCurrent else { return }
      onSelect?(link.target)
    }
  }
#endif
