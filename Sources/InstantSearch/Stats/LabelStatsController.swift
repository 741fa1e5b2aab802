#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A stats line in a `UILabel`: the presenter's text, or none before any result.
  ///
  /// ```swift
  /// let labelStatsController = LabelStatsController(label: UILabel())
  /// let statsConnector = StatsConnector(
  ///   searcher: searcher, controller: labelStatsController, presenter: DefaultPresenter.Stats.present)
  /// ```
  @MainActor
  open class LabelStatsController: NSObject, StatsTextController {
    /// The label written to.
    public let label: UILabel

    /// Writes the stats into `label`.
    public init(label: UILabel) {
      self.label = label
      super.init()
    }

    /// Shows `item` (empty before any result).
    open func setItem(_ item: String?) {
      label.text = item
    }
  }
#endif
