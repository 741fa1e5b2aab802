#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// Hits of several indices in a `UITableView`, one section per index: it is the table's data source and
  /// delegate, makes each cell with ``cellConfigurator`` and reports taps with ``onSelect``.
  ///
  /// ```swift
  /// let controller = MultiIndexHitsTableController(tableView: tableView)
  /// controller.cellConfigurator = { tableView, hit, indexPath in
  ///   let cell = tableView.dequeueReusableCell(withIdentifier: "hit", for: indexPath)
  ///   var content = cell.defaultContentConfiguration()
  ///   content.text = hit["name"]?.stringValue ?? hit["title"]?.stringValue
  ///   cell.contentConfiguration = content
  ///   return cell
  /// }
  /// let sections = MultiIndexHitsConnector(searcher: multiSearcher, controller: controller)
  /// ```
  @MainActor
  open class MultiIndexHitsTableController: NSObject, MultiIndexHitsController, UITableViewDataSource,
    UITableViewDelegate
  {
    /// Set by the connection: where the sections come from.
    public weak var hitsSource: MultiIndexHitsInteractor?
    /// The table.
    public let tableView: UITableView
    /// The reuse identifier registered for the default cells.
    public let cellID: String
    /// Makes the cell of a hit (by default: the hit's `name`, else its objectID).
    public var cellConfigurator: (UITableView, SearchHit, IndexPath) -> UITableViewCell
    /// Called with the hit of a tapped row.
    public var onSelect: ((SearchHit, IndexPath) -> Void)?
    /// The title of each section's header, by section (none by default).
    public var sectionTitles: [Int: String] = [:]

    /// Shows the sections in `tableView`, registering `UITableViewCell` for `cellID`.
    public init(tableView: UITableView, cellID: String = "hit") {
      self.tableView = tableView
      self.cellID = cellID
      cellConfigurator = { tableView, hit, indexPath in
        let cell = tableView.dequeueReusableCell(withIdentifier: cellID, for: indexPath)
        var content = cell.defaultContentConfiguration()
        content.text = hit["name"]?.stringValue ?? hit.objectID
        cell.contentConfiguration = content
        return cell
      }
      super.init()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellID)
      tableView.dataSource = self
      tableView.delegate = self
    }

    /// Reloads the table.
    open func reload() {
      tableView.reloadData()
    }

    /// One section per index.
    open func numberOfSections(in tableView: UITableView) -> Int {
      hitsSource?.numberOfSections() ?? 0
    }

    /// The hits of a section.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      hitsSource?.numberOfHits(inSection: section) ?? 0
    }

    /// The cell of a hit (an empty cell past the loaded hits).
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      guard let hit = hitsSource?.hit(atIndex: indexPath.row, inSection: indexPath.section) else {
        return UITableViewCell()
      }
      return cellConfigurator(tableView, hit, indexPath)
    }

    /// The header of a section, from ``sectionTitles``.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      sectionTitles[section]
    }

    /// Reports the tapped hit.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      guard let hit = hitsSource?.hit(atIndex: indexPath.row, inSection: indexPath.section) else { return }
      onSelect?(hit, indexPath)
    }
  }
#endif
