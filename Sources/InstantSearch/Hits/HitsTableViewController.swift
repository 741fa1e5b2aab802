#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A hits list as a table view controller: one row per loaded hit, each cell filled by a
  /// ``TableViewCellConfigurable``; rows near the end load the next page when the interactor scrolls
  /// infinitely, and a new query or new filters scroll back to the top.
  ///
  /// ```swift
  /// let hitsTableViewController = HitsTableViewController<ProductCell>()
  /// let connector = HitsConnector<Product>(searcher: searcher, filterState: filterState,
  ///                                        controller: hitsTableViewController)
  /// ```
  ///
  /// Subclass it to add a header, an empty state or the reaction to a tap (``didSelect(_:at:)``). A row the
  /// list no longer has (a tap that raced a reload) gets a blank cell and no callback, never a trap.
  @MainActor
  open class HitsTableViewController<CellConfigurator: TableViewCellConfigurable>: UITableViewController,
    HitsController
  {
    /// The hit type.
    public typealias Record = CellConfigurator.Model

    /// Set by the connection: where the rows come from.
    public weak var hitsSource: HitsInteractor<CellConfigurator.Model>?

    /// A plain table whose cells are ``TableViewCellConfigurable/Cell``, registered at once.
    public init() {
      super.init(style: .plain)
      registerCells()
    }

    /// Restores the controller from a storyboard; the cells are registered as with ``init()``.
    public required init?(coder: NSCoder) {
      super.init(coder: coder)
      registerCells()
    }

    private func registerCells() {
      tableView.register(CellConfigurator.Cell.self, forCellReuseIdentifier: CellConfigurator.cellIdentifier)
    }

    /// Reloads the table.
    open func reload() {
      tableView.reloadData()
    }

    /// Shows the first row, when there is one.
    open func scrollToTop() {
      guard tableView.numberOfRows(inSection: 0) > 0 else { return }
      tableView.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
    }

    /// Called when the user taps the row of `hit`; does nothing by default.
    open func didSelect(_ hit: CellConfigurator.Model, at indexPath: IndexPath) {}

    /// The number of loaded hits.
    open override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      hitsSource?.numberOfHits() ?? 0
    }

    /// The row's cell, filled by a configurator made from its hit (which may load the next page).
    open override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: CellConfigurator.cellIdentifier, for: indexPath)
      guard let hit = hitsSource?.hit(atIndex: indexPath.row), let typed = cell as? CellConfigurator.Cell else {
        return cell
      }
      CellConfigurator(model: hit, indexPath: indexPath).configure(typed)
      return cell
    }

    /// The configurator's height for the row's hit (44 points for a row without one).
    open override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
      guard let hit = hitsSource?.hit(atIndex: indexPath.row) else { return 44 }
      return CellConfigurator(model: hit, indexPath: indexPath).cellHeight
    }

    /// Passes the tapped row's hit to ``didSelect(_:at:)``.
    open override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      guard let hit = hitsSource?.hit(atIndex: indexPath.row) else { return }
      didSelect(hit, at: indexPath)
    }
  }
#endif
