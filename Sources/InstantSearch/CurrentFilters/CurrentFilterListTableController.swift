#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// The current filters in a `UITableView`: one row per filter; a tap on a row removes its filter.
  ///
  /// Connect it like any ``CurrentFiltersController``:
  ///
  /// ```swift
  /// let currentFiltersTableController: CurrentFilterListTableController = .init(tableView: UITableView())
  /// let connector = CurrentFiltersConnector(filterState: filterState, groupIDs: [.and(name: "color")],
  ///                                         controller: currentFiltersTableController)
  /// ```
  ///
  /// It becomes the table's data source and delegate. What a row says comes from ``CurrentFiltersRows``;
  /// to style the cells, subclass and override `tableView(_:cellForRowAt:)`.
  @MainActor
  open class CurrentFilterListTableController: NSObject, CurrentFiltersController, UITableViewDataSource,
    UITableViewDelegate
  {
    /// Set by the connection: what a tap on a row does.
    public var onRemoveItem: ((FilterAndID) -> Void)?
    /// The table view showing the list.
    public let tableView: UITableView
    /// The reuse identifier of the cells.
    public let cellID: String
    /// The rows shown.
    public private(set) var rows = CurrentFiltersRows()

    /// The filters shown, in order.
    public var items: [FilterAndID] { rows.items }

    /// Shows the list in `tableView`, registering a plain cell class under `cellID`.
    public init(tableView: UITableView, cellID: String = "CurrentFilterListTableControllerCellID") {
      self.tableView = tableView
      self.cellID = cellID
      super.init()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellID)
      tableView.dataSource = self
      tableView.delegate = self
    }

    /// Takes the filters to show; ``reload()`` shows them.
    open func setItems(_ item: [FilterAndID]) {
      rows = CurrentFiltersRows(item)
    }

    /// Reloads the table.
    open func reload() {
      tableView.reloadData()
    }

    /// One row per filter.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      rows.count
    }

    /// The filter's text.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: cellID, for: indexPath)
      guard let title = rows.title(at: indexPath.row) else { return cell }
      var content = cell.defaultContentConfiguration()
      content.text = title
      cell.contentConfiguration = content
      cell.accessibilityLabel = rows.accessibilityLabel(at: indexPath.row)
      return cell
    }

    /// Removes the row's filter.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      if let item = rows.item(at: indexPath.row) { onRemoveItem?(item) }
    }
  }
#endif
