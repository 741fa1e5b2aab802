/// What a hierarchical menu asks of a search: the attributes of its levels (`categories.lvl0`,
/// `categories.lvl1`, …), the group holding its selected value, and the selected path.
///
/// The group holds only the deepest selected value (say `categories.lvl1:"Men > Shoes"`), which is what
/// filters the hits. The path spells every selected level (`["Men", "Men > Shoes"]`): a value's parent
/// cannot always be found by cutting at the separator (a name may contain it), so the menu says it.
public struct HierarchicalFaceting: Hashable, Sendable, Codable {
  /// The attributes of the levels, the top one first.
  public var attributes: [Attribute]
  /// The group holding the selected value.
  public var groupID: FilterGroup.ID
  /// The selected values, level 0 first; empty when nothing is selected.
  public var path: [String]

  /// Creates the faceting of a menu.
  public init(attributes: [Attribute], groupID: FilterGroup.ID, path: [String] = []) {
    self.attributes = attributes
    self.groupID = groupID
    self.path = path
  }

  /// The levels that get a query of their own: none while nothing is selected (the main query's counts
  /// are right), else every level down to the one below the selection (the selected level's siblings,
  /// and its children), as InstantSearch sends them.
  var queriedLevels: Range<Int> {
    path.isEmpty ? 0..<0 : 0..<min(attributes.count, path.count + 1)
  }

  /// The filters of level `level`'s query: every filter but the menu's own group, and the selected parent
  /// of that level (none for the top level), so deeper selections do not narrow the level's counts.
  func filters(forLevel level: Int, in filters: Filters) -> Filters {
    let groupID = self.groupID
    var reduced = filters.removingFilters { id, _ in id == groupID }
    if level > 0, level - 1 < path.count, level - 1 < attributes.count {
      reduced.add(Filter.Facet(attribute: attributes[level - 1], stringValue: path[level - 1]), to: groupID)
    }
    return reduced
  }
}
