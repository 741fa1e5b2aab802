#if canImport(UIKit) && !os(watchOS)
  import UIKit
  import InstantSearchCore

  /// A dynamic facet list in a `UITableView`: one section per attribute in the merchandising order, one
  /// row per value, a checkmark on the selected ones; a tap selects or deselects.
  ///
  /// ```swift
  /// let controller = DynamicFacetListTableViewController(tableView: UITableView())
  /// let connector = DynamicFacetListConnector(searcher: searcher, filterState: filterState, controller: controller)
  /// ```
  @MainActor
  open class DynamicFacetListTableViewController: NSObject, DynamicFacetListController, UITableViewDataSource,
    UITableViewDelegate
  {
    /// Set by the connection: what a tap on a row does.
    public var didSelect: ((Attribute, Facet) -> Void)?
    /// The table view showing the list.
    public let tableView: UITableView
    /// The reuse identifier of the cells.
    public let cellID: String
    /// The sections shown.
    public private(set) var orderedFacets: [AttributedFacets] = []
    /// The selected values of each attribute.
    public private(set) var selections: [Attribute: Set<String>] = [:]

    /// Shows the list in `tableView`, registering a plain cell class under `cellID`.
    public init(tableView: UITableView, cellID: String = "DynamicFacetListCellID") {
      self.tableView = tableView
      self.cellID = cellID
      super.init()
      tableView.register(UITableViewCell.self, forCellReuseIdentifier: cellID)
      tableView.dataSource = self
      tableView.delegate = self
    }

    /// Shows the sections.
    open func setOrderedFacets(_ orderedFacets: [AttributedFacets]) {
      self.orderedFacets = orderedFacets
      tableView.reloadData()
    }

    /// Shows the selections.
    open func setSelections(_ selections: [Attribute: Set<String>]) {
      self.selections = selections
      tableView.reloadData()
    }

    /// One section per attribute.
    open func numberOfSections(in tableView: UITableView) -> Int {
      orderedFacets.count
    }

    /// The attribute's name.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
      orderedFacets.indices.contains(section) ? orderedFacets[section].attribute.rawValue : nil
    }

    /// One row per value.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
      orderedFacets.indices.contains(section) ? orderedFacets[section].facets.count : 0
    }

    /// The value and its count, with a checkmark when selected.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
      let cell = tableView.dequeueReusableCell(withIdentifier: cellID, for: indexPath)
      guard let (attribute, facet) = item(at: indexPath) else { return cell }
      var content = cell.defaultContentConfiguration()
      content.text = facet.value
      content.secondaryText = "\(facet.count)"
      content.prefersSideBySideTextAndSecondaryText = true
      cell.contentConfiguration = content
      cell.accessoryType = selections[attribute]?.contains(facet.value) == true ? .checkmark : .none
      return cell
    }

    /// Selects or deselects the row's value.
    open func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
      tableView.deselectRow(at: indexPath, animated: true)
      if let (attribute, facet) = item(at: indexPath) { didSelect?(attribute, facet) }
    }

    private func item(at indexPath: IndexPath) -> (Attribute, Facet)? {
      guard orderedFacets.indices.contains(indexPath.section) else { return nil }
      let section = orderedFacets[indexPath.section]
      guard section.facets.indices.contains(indexPath.row) else { return nil }
      return (section.attribute, section.facets[indexPath.row])
    }
  }
#endif
