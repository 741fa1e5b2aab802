/// Turns a hierarchical menu's values per level and its selected path into rows: the top level's values,
/// and under each selected value the values of the level below it that are its children, recursively.
///
/// A selected value missing from the results is shown with a count of 0 so that it can be unselected; a
/// level missing from the results shows no rows.
public struct HierarchicalPresenter: Sendable {
  /// How the values of one level are ordered: by name (byte order) unless told otherwise.
  public var areInIncreasingOrder: @Sendable (Facet, Facet) -> Bool
  /// What the app does to the rows last (InstantSearch iOS's presenter is such a function of the rows):
  /// reorder, drop or rename them. `nil` keeps them as built.
  public var arrange: (@Sendable ([HierarchicalFacet]) -> [HierarchicalFacet])?

  /// Values by name, in byte order (the default).
  public static let byName: @Sendable (Facet, Facet) -> Bool = { UTF8Order.precedes($0.value, $1.value) }

  /// Values by decreasing count, then by name.
  public static let byCount: @Sendable (Facet, Facet) -> Bool = {
    $0.count != $1.count ? $0.count > $1.count : UTF8Order.precedes($0.value, $1.value)
  }

  /// Creates a presenter; values of a level are ordered by `areInIncreasingOrder` (by name by default).
  public init(areInIncreasingOrder: @escaping @Sendable (Facet, Facet) -> Bool = HierarchicalPresenter.byName) {
    self.areInIncreasingOrder = areInIncreasingOrder
  }

  /// A presenter whose rows (built by name, the selected path expanded under its values) are then given
  /// to `arrange`: how code written for InstantSearch iOS's `HierarchicalPresenter` function ports,
  /// `HierarchicalPresenter(arrange: { facets in … })`.
  public init(
    areInIncreasingOrder: @escaping @Sendable (Facet, Facet) -> Bool = HierarchicalPresenter.byName,
    arrange: @escaping @Sendable ([HierarchicalFacet]) -> [HierarchicalFacet]
  ) {
    self.areInIncreasingOrder = areInIncreasingOrder
    self.arrange = arrange
  }

  /// The rows for `levels` (the values of each level) and `path` (the selected values, level 0 first).
  public func present(levels: [[Facet]], path: [String], separator: String) -> [HierarchicalFacet] {
    let rows = rows(level: 0, parent: nil, levels: levels, path: path, separator: separator)
    return arrange.map { $0(rows) } ?? rows
  }

  private func rows(level: Int, parent: String?, levels: [[Facet]], path: [String], separator: String)
    -> [HierarchicalFacet]
  {
    guard level < max(levels.count, path.count) else { return [] }
    var values = level < levels.count ? levels[level] : []
    if let parent { values = values.filter { HierarchicalPath.isChild($0.value, of: parent, separator: separator) } }
    let selected = level < path.count ? path[level] : nil
    if let selected, !values.contains(where: { $0.value == selected }) {
      values.append(Facet(value: selected, count: 0))
    }
    var rows: [HierarchicalFacet] = []
    for facet in values.sorted(by: areInIncreasingOrder) {
      let isSelected = facet.value == selected
      rows.append(HierarchicalFacet(facet: facet, level: level, isSelected: isSelected))
      if isSelected {
        rows += self.rows(level: level + 1, parent: facet.value, levels: levels, path: path, separator: separator)
      }
    }
    return rows
  }
}

extension DefaultPresenter {
  /// The hierarchical menu's presenter by InstantSearch iOS's name:
  /// `HierarchicalConnector(…, presenter: DefaultPresenter.Hierarchical.present)`.
  public enum Hierarchical {
    /// Each level's values by name, the selected path expanded under its values (``HierarchicalPresenter``'s
    /// default).
    public static let present = HierarchicalPresenter()
  }
}
