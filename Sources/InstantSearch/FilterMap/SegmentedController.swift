#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A filter map in a `UISegmentedControl`: one segment per item, in increasing key order; selecting a
  /// segment applies its filter.
  ///
  /// Connect it like any ``SelectableSegmentController``:
  ///
  /// ```swift
  /// let controller = SegmentedController<Filter.Facet>(segmentedControl: .init())
  /// filterMapInteractor.connectController(controller, presenter: DefaultPresenter.Filter.present)
  /// ```
  ///
  /// The segments and the key of each come from ``SelectableSegments``. `F` is the kind of filter the
  /// map holds, matching the connector's.
  @MainActor
  open class SegmentedController<F: FilterType>: NSObject, SelectableSegmentController {
    /// Set by the connection: what selecting a segment does (with the item's key).
    public var onClick: ((Int) -> Void)?
    /// The control showing the items.
    public let segmentedControl: UISegmentedControl
    /// The segments shown.
    public private(set) var segments = SelectableSegments()

    /// Shows the items in `segmentedControl`, replacing its segments.
    public init(segmentedControl: UISegmentedControl) {
      self.segmentedControl = segmentedControl
      super.init()
      let action = UIAction { [weak self] _ in
        MainActor.assumeIsolated { self?.segmentChanged() }
      }
      segmentedControl.addAction(action, for: .valueChanged)
    }

    /// Replaces the segments with the items' texts.
    open func setItems(items: [Int: String]) {
      segments.setItems(items)
      segmentedControl.replaceSegments(with: segments.titles, selected: segments.selectedSegment)
    }

    /// Selects the segment of `selected` (none for `nil`).
    open func setSelected(_ selected: Int?) {
      segments.selectedKey = selected
      showSelection()
    }

    private func showSelection() {
      segmentedControl.selectedSegmentIndex = segments.selectedSegment ?? UISegmentedControl.noSegment
    }

    private func segmentChanged() {
      if let key = segments.key(atSegment: segmentedControl.selectedSegmentIndex) { onClick?(key) }
    }
  }
#endif
