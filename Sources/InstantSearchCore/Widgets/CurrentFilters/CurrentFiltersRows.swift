/// What a list view of the current filters shows: one row per filter, in the filter state's order.
///
/// The UIKit `CurrentFilterListTableController` and any custom list view read their rows from it. A row
/// index the list no longer has — a tap that raced a reload — gives `nil`, never a trap.
public struct CurrentFiltersRows: Hashable, Sendable {
  /// The filters, in order.
  public private(set) var items: [FilterAndID]

  /// Creates the rows of `items`, in their order.
  public init(_ items: [FilterAndID] = []) {
    self.items = items
  }

  /// The number of rows.
  public var count: Int { items.count }

  /// The filter of the row at `index` (what a tap on it removes), or `nil` when there is none.
  public func item(at index: Int) -> FilterAndID? {
    items.indices.contains(index) ? items[index] : nil
  }

  /// The text of the row at `index`: the presenter's text, or the default presentation of the filter
  /// when the item has none (`red` for `color:red`).
  public func title(at index: Int) -> String? {
    item(at: index).map(Self.title(of:))
  }

  /// What assistive technologies read for the row at `index`: `Remove filter red`.
  public func accessibilityLabel(at index: Int) -> String? {
    title(at: index).map { "Remove filter \($0)" }
  }

  /// The text shown for `item`.
  public static func title(of item: FilterAndID) -> String {
    item.text.isEmpty ? DefaultPresenter.Filter.present(item.filter) : item.text
  }
}
