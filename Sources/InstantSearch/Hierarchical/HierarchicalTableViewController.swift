#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A hierarchical menu in a `UITableView`: one row per value, indented by level, a checkmark on the
  /// selected path; a tap selects (or, on the deepest selected value, unselects).
  ///
  /// ```swift
  /// let hierarchicalTableViewController = HierarchicalTableViewController(tableView: UITableView())
  /// let connector = HierarchicalConnector(
  ///   searcher: searcher, filterState: filterState, hierarchicalAttributes: attributes, separator: " > ",
  ///   controller: hierarchicalTableViewController)
  /// ```
  @MainActor
  open class HierarchicalTableViewController: NSObject, HierarchicalController, UITableViewDataSource,
    UITableViewDelegate
  {
    /// Set by the connection: what a tap on a row does.
    public var onClick: ((String) -> Void)?
    /// The table view showing the menu.
    public let tableView: UITableView
    /// The reuse identifier of the cells.
    public let cellID: String
    /// What separates the levels in a value; a row shows the part after the last one.
    public let separator: String
    /// The rows shown.
    public private(set) var items: [HierarchicalFacet] = []

    /// Shows the menu in `tableView`, registering a plain cell class under `cellID`.
    public init(tableView: UITableView, cellID: String = "HierarchicalCellID", separator: String = " > ") {
      self.tableView = tableView
      self.cellID = cellID
      self.separator = separator
      super.init()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellID)
      tableView.dataSource = self
      tableView.delegate = self
    }

    /// Shows the rows.
    open func setItem(_ item: [HierarchicalFacet]) {
      items = item
      tableView.reloadData()
    }

    /// One row per value.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      items.count
    }

    /// The value's own name and count, indented by level, with a checkmark when selected.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: cellID, for: indexPath)
      guard items.indices.contains(indexPath.row) else { return cell }
      let row = items[indexPath.row]
      var content = cell.defaultContentConfiguration()
      content.text = String(repeating: "   ", count: row.level) + row.name(separator: separator)
      content.secondaryText = "\(row.facet.count)"
      content.prefersSideBySideTextAndSecondaryText = true
      cell.contentConfiguration = content
      cell.accessoryType = row.isSelected ? .checkmark : .none
      return cell
    }

    /// Selects the row's value.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      guard items.indices.contains(indexPath.row) else { return }
      onClick?(items[indexPath.row].facet.value)
    }
  }
#endif
