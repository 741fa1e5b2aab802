import InstantSearchCore

/// Stands in for UIKit's table view: counts reloads.
@MainActor
final class UITableView {
  var reloads = 0
  func reloadData() { reloads += 1 }
}

/// The seed's `CurrentFilterListTableController`, with the table's data-source methods reduced to what
/// a test can drive: the rows' texts and a tap on a row.
@MainActor
final class CurrentFilterListTableController: CurrentFiltersController {
  var onRemoveItem: ((FilterAndID) -> Void)?
  let tableView: UITableView
  var items: [FilterAndID] = []

  init(tableView: UITableView) {
    self.tableView = tableView
  }

  func setItems(_ item: [FilterAndID]) {
    items = item
  }

  func reload() {
    tableView.reloadData()
  }

  /// The rows' texts.
  var rows: [String] { items.map(\.text) }

  /// The user taps the row at `row`.
  func didSelectRow(_ row: Int) {
    onRemoveItem?(items[row])
  }
}
