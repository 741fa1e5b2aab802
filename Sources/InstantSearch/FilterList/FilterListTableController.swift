#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A filter list in a `UITableView`: one row per filter, a checkmark on the selected ones; a tap selects
  /// or deselects.
  ///
  /// ```swift
  /// let filterListController: FilterListTableController<Filter.Facet> = .init(tableView: UITableView())
  /// let filterListConnector = FacetFilterListConnector(
  ///   facetFilters: filters, selectionMode: .multiple, filterState: filterState, operator: .and,
  ///   groupName: "filters", controller: filterListController)
  /// ```
  ///
  /// It becomes the table's data source and delegate. A row reads its filter through `presenter`.
  @MainActor
  open class FilterListTableController<F: FilterType>: NSObject, FilterListController, UITableViewDataSource,
    UITableViewDelegate
  {
    /// Set by the connection: what a tap on a row does.
    public var onClick: ((F) -> Void)?
    /// The table view showing the list.
    public let tableView: UITableView
    /// The reuse identifier of the cells.
    public let cellID: String
    /// How a filter reads.
    public let presenter: (Filter) -> String
    /// The filters shown, with their selection.
    public private(set) var selectableItems: [SelectableItem<F>] = []

    /// Shows the list in `tableView`, registering a plain cell class under `cellID`.
    public init(
      tableView: UITableView, cellID: String = "FilterListTableControllerCellID",
      presenter: @escaping (Filter) -> String = DefaultPresenter.Filter.present
    ) {
      self.tableView = tableView
      self.cellID = cellID
      self.presenter = presenter
      super.init()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellID)
      tableView.dataSource = self
      tableView.delegate = self
    }

    /// Takes the filters to show; ``reload()`` shows them.
    open func setSelectableItems(selectableItems: [SelectableItem<F>]) {
      self.selectableItems = selectableItems
    }

    /// Reloads the table.
    open func reload() {
      tableView.reloadData()
    }

    /// One row per filter.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      selectableItems.count
    }

    /// The filter's text, with a checkmark when selected.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: cellID, for: indexPath)
      guard selectableItems.indices.contains(indexPath.row) else { return cell }
      let item = selectableItems[indexPath.row]
      var content = cell.defaultContentConfiguration()
      content.text = presenter(item.item.eraseToFilter())
      cell.contentConfiguration = content
      cell.accessoryType = item.isSelected ? .checkmark : .none
      return cell
    }

    /// Selects or deselects the row's filter.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      guard selectableItems.indices.contains(indexPath.row) else { return }
      onClick?(selectableItems[indexPath.row].item)
    }
  }
#endif
