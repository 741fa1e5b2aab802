import InstantSearchCore

/// Stands in for UIKit's table view: counts reloads.
@MainActor
final class UITableView {
  var reloads = 0
  func reloadData() { reloads += 1 }
}

/// The seed's `CurrentFilterListTableController` as the UIKit one is built (rows from
/// ``CurrentFiltersRows``), with the table's data-source methods reduced to what a test can drive: the
/// rows' texts and a tap on a row.
@MainActor
final class CurrentFilterListTableController: CurrentFiltersController {
  var onRemoveItem: ((FilterAndID) -> Void)?
  let tableView: UITableView
  private var list = CurrentFiltersRows()

  init(tableView: UITableView) {
    self.tableView = tableView
  }

  var items: [FilterAndID] { list.items }

  func setItems(_ item: [FilterAndID]) {
    list = CurrentFiltersRows(item)
  }

  func reload() {
    tableView.reloadData()
  }

  /// The rows' texts.
  var rows: [String] { (0..<list.count).compactMap { list.title(at: $0) } }

  /// The user taps the row at `row` (a row the list no longer has does nothing).
  func didSelectRow(_ row: Int) {
    list.item(at: row).map { onRemoveItem?($0) }
  }
}
