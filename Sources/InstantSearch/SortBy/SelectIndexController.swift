#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// Sort By as an action sheet: one action per index, the selected one marked with a check; choosing one
  /// sorts by it. Present ``makeAlertController()`` from a "Sort" button.
  ///
  /// ```swift
  /// let selectIndex = SelectIndexController(title: "Sort by")
  /// let sortBy = SortByConnector(searcher: searcher, indicesNames: names, controller: selectIndex,
  ///                              presenter: { titles[$0] ?? $0 })
  /// present(selectIndex.makeAlertController(), animated: true)
  /// ```
  @MainActor
  open class SelectIndexController: NSObject, SelectableSegmentController {
    /// Set by the connection: what choosing an index does (with its key).
    public var onClick: ((Int) -> Void)?
    /// The sheet's title.
    public let title: String?
    /// The indices' titles and the selection, in key order.
    public private(set) var segments = SelectableSegments()

    /// The sheet given at creation (InstantSearch iOS's way), filled with the indices' actions and Cancel
    /// once they are known; `nil` with ``init(title:)``.
    public let alertController: UIAlertController?

    /// A controller whose sheet is titled `title`.
    public init(title: String? = nil) {
      self.title = title
      alertController = nil
    }

    /// A controller that fills `alertController` (an action sheet of yours, titled as you like) with the
    /// indices, as InstantSearch iOS's does. A sheet's actions cannot be removed: a change of the
    /// indices' titles later shows in ``makeAlertController()``'s sheets, not in this one.
    public init(alertController: UIAlertController) {
      self.alertController = alertController
      title = alertController.title
    }

    /// Takes the indices' titles (and fills the given sheet, the first time).
    open func setItems(items: [Int: String]) {
      segments.setItems(items)
      if let alertController, alertController.actions.isEmpty { addActions(to: alertController) }
    }

    /// Takes the selected key.
    open func setSelected(_ selected: Int?) {
      segments.selectedKey = selected
    }

    /// The title an action shows: the index's, with a check when selected.
    public func actionTitle(atSegment segment: Int) -> String {
      let title = segments.title(atSegment: segment) ?? ""
      return segment == segments.selectedSegment ? "✓ " + title : title
    }

    /// A new action sheet listing the indices, then Cancel.
    open func makeAlertController() -> UIAlertController {
      let sheet = UIAlertController(title: title, message: nil, preferredStyle: .actionSheet)
      addActions(to: sheet)
      return sheet
    }

    /// Adds an action per index to `sheet`, then Cancel.
    private func addActions(to sheet: UIAlertController) {
      for segment in 0..<segments.count {
        let key = segments.key(atSegment: segment)
        sheet.addAction(
          UIAlertAction(title: actionTitle(atSegment: segment), style: .default) { [weak self] _ in
            MainActor.assumeIsolated {
              if let key { self?.onClick?(key) }
            }
          })
      }
      sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
    }
  }
#endif
