#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A refinement list in a `UITableView`: one row per facet value with its count, a checkmark on the
  /// selected values; a tap on a row toggles its value. When the presenter has a `showMoreLimit` and there
  /// is more to show, a last row reads "Show more" (or "Show less") and toggles that.
  ///
  /// Connect it like any ``FacetListController``:
  ///
  /// ```swift
  /// let categoryTableViewController: UITableViewController = .init()
  /// let categoryListController: FacetListTableController = .init(tableView: categoryTableViewController.tableView)
  /// let connector = FacetListConnector(searcher: searcher, filterState: filterState, attribute: "category",
  ///                                    operator: .or, controller: categoryListController)
  /// ```
  ///
  /// It becomes the table's data source and delegate. What a row says comes from ``FacetListRows``; to
  /// style the cells, subclass and override `tableView(_:cellForRowAt:)`.
  @MainActor
  open class FacetListTableController: NSObject, FacetListShowMoreController, UITableViewDataSource,
    UITableViewDelegate
  {
    /// Set by the connection: what a tap on a row does.
    public var onClick: ((Facet) -> Void)?
    /// Set by the connection: what a tap on the "show more" row does.
    public var onToggleShowMore: (() -> Void)?
    /// The table view showing the list.
    public let tableView: UITableView
    /// The reuse identifier of the cells.
    public let cellID: String
    /// The rows shown.
    public private(set) var rows = FacetListRows()

    /// Shows the list in `tableView`, registering a plain cell class under `cellID`.
    public init(tableView: UITableView, cellID: String = "FacetList") {
      self.tableView = tableView
      self.cellID = cellID
      super.init()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellID)
      tableView.dataSource = self
      tableView.delegate = self
    }

    /// Takes the values to show; ``reload()`` shows them.
    open func setSelectableItems(selectableItems: [SelectableItem<Facet>]) {
      let showMore = rows.showMore
      rows = FacetListRows(selectableItems)
      rows.setShowMore(isShowingMore: showMore?.isShowingMore ?? false, canToggle: showMore != nil)
    }

    /// Takes the state of the "show more" row; ``reload()`` shows it.
    open func setShowMore(isShowingMore: Bool, canToggle: Bool) {
      rows.setShowMore(isShowingMore: isShowingMore, canToggle: canToggle)
    }

    /// Reloads the table.
    open func reload() {
      tableView.reloadData()
    }

    /// One row per value, and the "show more" row.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      rows.count
    }

    /// The value, its count beside it, and a checkmark when selected.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: cellID, for: indexPath)
      var content = cell.defaultContentConfiguration()
      guard let row = rows[indexPath.row] else {
        content.text = rows.isShowMoreRow(indexPath.row) ? rows.showMore?.title : nil
        cell.contentConfiguration = content
        cell.accessoryType = .none
        cell.accessibilityLabel = content.text
        return cell
      }
      content.text = row.title
      content.secondaryText = row.countText
      content.prefersSideBySideTextAndSecondaryText = true
      cell.contentConfiguration = content
      cell.accessoryType = row.isSelected ? .checkmark : .none
      cell.accessibilityLabel = row.accessibilityLabel
      return cell
    }

    /// Toggles the row's value, or shows more or fewer values.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      if rows.isShowMoreRow(indexPath.row) {
        onToggleShowMore?()
      } else if let facet = rows.facet(at: indexPath.row) {
        onClick?(facet)
      }
    }
  }
#endif
