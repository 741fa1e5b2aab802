/// The filters a widget owns in one group of a ``FilterState``: those its `owns` predicate accepts. A
/// widget reads its state from them and replaces them, and only them, in one change — other filters of
/// the group (another widget's, the developer's) are never touched.
struct OwnedFilters: Sendable {
  /// The group the widget writes to.
  let groupID: FilterGroup.ID
  /// Whether a filter of the group belongs to the widget.
  let owns: @Sendable (Filter) -> Bool

  /// The widget's filters, in the state's order.
  func filters(in filters: Filters) -> [Filter] {
    filters.filters(in: groupID).filter(owns)
  }

  /// Makes the widget's filters exactly `next` (in that order for the new ones), in one change: owned
  /// filters not in `next` are removed, missing ones added, those already there kept in place.
  @MainActor
  func replace(with next: [Filter], in filterState: FilterState) {
    let groupID = self.groupID
    let owns = self.owns
    filterState.update { filters in
      for filter in filters.filters(in: groupID) where owns(filter) && !next.contains(filter) {
        filters.remove(filter, from: groupID)
      }
      for filter in next where !filters.contains(filter, in: groupID) {
        filters.add(filter, to: groupID)
      }
    }
  }
}
