#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// Page links in a `UISegmentedControl`: `‹ 1 2 3 4 5 ›`, the current page selected; a tap on a segment
  /// goes to its page.
  ///
  /// ```swift
  /// let pageLinks = PaginationSegmentedController(segmentedControl: UISegmentedControl())
  /// let pagination = PaginationConnector(searcher: searcher, controller: pageLinks)
  /// ```
  ///
  /// What the segments read and where each leads comes from ``LinkSegments``.
  @MainActor
  open class PaginationSegmentedController: NSObject, PaginationController {
    /// Set by the connection: goes to the page picked.
    public var onPageSelected: ((Int) -> Void)?
    /// The control showing the links.
    public let segmentedControl: UISegmentedControl
    /// The links shown.
    public private(set) var segments = LinkSegments(pages: [], hasPrevious: false, hasNext: false)

    /// Shows the page links in `segmentedControl`.
    public init(segmentedControl: UISegmentedControl) {
      self.segmentedControl = segmentedControl
      super.init()
      let action = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.picked() }
      }
      segmentedControl.addAction(action, for: .valueChanged)
    }

    /// Shows the links.
    open func setPages(_ pages: [PageLink], hasPrevious: Bool, hasNext: Bool, nbPages: Int) {
      segments = LinkSegments(pages: pages, hasPrevious: hasPrevious, hasNext: hasNext)
      segmentedControl.replaceSegments(with: segments.links.map(\.title), selected: segments.currentIndex)
    }

    private func picked() {
      guard let link = segments[segmentedControl.selectedSegmentIndex], !link.isCurrent, let page = link.target
      else { return }
      onPageSelected?(page)
    }
  }
#endif
