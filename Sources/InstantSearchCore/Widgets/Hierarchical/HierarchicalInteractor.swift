import Observation

/// The state of a hierarchical menu (a category tree over `categories.lvl0`, `categories.lvl1`, …): the
/// values of each level from the latest results and the selected path.
///
/// The selection is derived from the connected ``FilterState``: its group holds the deepest selected
/// value, which filters the hits. A click on a value selects it (its deeper levels are cleared); a click
/// on the deepest selected value unselects it, going back to its parent.
@MainActor
@Observable
public final class HierarchicalInteractor: WidgetInteractor {
  /// The attributes of the levels, the top one first.
  public let hierarchicalAttributes: [Attribute]
  /// What separates the levels in a value (`" > "` in `"Men > Shoes"`).
  public let separator: String
  /// The group holding the selected value.
  public let groupID: FilterGroup.ID
  /// The values of each level from the latest results (a level missing from them is empty).
  public internal(set) var item: [[Facet]]
  /// The selected path: the selected value of each level, the top one first; empty when nothing is
  /// selected.
  public internal(set) var selections: [String] = []

  @ObservationIgnored let links = WidgetLinks()
  /// Where new paths go while a filter state is connected.
  @ObservationIgnored let selectionRequests = IntentSinks<[String]>()

  /// Creates a menu over `hierarchicalAttributes` whose values are separated by `separator`, writing to the
  /// hierarchical group `groupName` (the top attribute's name by default).
  public init(hierarchicalAttributes: [Attribute], separator: String, groupName: String? = nil) {
    self.hierarchicalAttributes = hierarchicalAttributes
    self.separator = separator
    self.groupID = .hierarchical(name: groupName ?? hierarchicalAttributes.first?.rawValue ?? "_hierarchical")
    self.item = hierarchicalAttributes.map { _ in [] }
  }

  /// Selects the value `key` (InstantSearch's name for a click): its level is the one showing it. Its
  /// deeper levels are cleared; clicking the deepest selected value unselects it.
  public func computeSelection(key: String) {
    let level =
      item.firstIndex { $0.contains { $0.value == key } }
      ?? min(HierarchicalPath.cutPositions(of: key, separator: separator).count, hierarchicalAttributes.count - 1)
    guard level >= 0 else { return }
    let underSelection =
      level == 0
      || (selections.count >= level && HierarchicalPath.isChild(key, of: selections[level - 1], separator: separator))
    var next = HierarchicalPath.resolve(
      leaf: key, level: level, separator: separator, current: underSelection ? selections.prefix(level) + [key] : [],
      known: item.map { $0.map(\.value) })
    if next == selections { next.removeLast() }
    if !selectionRequests.send(next) { update { $0.selections = next } }
  }

  /// Selects `path` (level 0 first) as it is — a breadcrumb going back up; `[]` clears the selection.
  public func select(path: [String]) {
    let path = Array(path.prefix(hierarchicalAttributes.count))
    guard path != selections else { return }
    if !selectionRequests.send(path) { update { $0.selections = path } }
  }

  /// The rows to show through `presenter`.
  public func rows(presenter: HierarchicalPresenter = HierarchicalPresenter()) -> [HierarchicalFacet] {
    presenter.present(levels: item, path: selections, separator: separator)
  }

  /// Calls `handler` after each change of the values or the selection.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(item, selections) }

  /// The faceting a searcher sends for this menu.
  var faceting: HierarchicalFaceting {
    HierarchicalFaceting(attributes: hierarchicalAttributes, groupID: groupID, path: selections)
  }

  /// The path the state's group selects: its deepest value on one of the menu's attributes, with the
  /// levels above it (kept from the current path when it leads there).
  func path(in filters: Filters) -> [String] {
    var deepest: (level: Int, value: String)?
    for filter in filters.filters(in: groupID) {
      guard case .facet(let facet) = filter, !facet.isNegated,
        let level = hierarchicalAttributes.firstIndex(of: facet.attribute)
      else { continue }
      if level >= (deepest?.level ?? -1) { deepest = (level, facet.value.facetKey) }
    }
    guard let deepest else { return [] }
    return HierarchicalPath.resolve(
      leaf: deepest.value, level: deepest.level, separator: separator, current: selections,
      known: item.map { $0.map(\.value) })
  }
}
