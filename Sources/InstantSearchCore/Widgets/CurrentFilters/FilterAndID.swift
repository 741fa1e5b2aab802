/// A filter of a ``FilterState`` with the group it is in and how it reads.
public struct FilterAndID: Hashable, Sendable {
  /// The filter.
  public let filter: Filter
  /// Its group.
  public let id: FilterGroup.ID
  /// Its text, from the presenter.
  public let text: String

  /// Creates an item.
  public init(filter: Filter, id: FilterGroup.ID, text: String = "") {
    self.filter = filter
    self.id = id
    self.text = text
  }
}

/// A view of the current filters: it shows them and reports removal requests.
@MainActor
public protocol CurrentFiltersController: AnyObject {
  /// Called with the item the user wants removed.
  var onRemoveItem: ((FilterAndID) -> Void)? { get set }

  /// Receives the items to show, in the filter state's order.
  func setItems(_ item: [FilterAndID])

  /// Asks the view to redraw.
  func reload()
}

extension CurrentFiltersController {
  /// Does nothing by default.
  public func reload() {}
}
