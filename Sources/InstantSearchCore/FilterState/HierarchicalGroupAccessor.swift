/// Reads and writes a hierarchical group of a ``FilterState``: conjunctive, facet filters only.
/// Obtained with `filterState[hierarchical: name]`. Unlike InstantSearch's, every method acts on this
/// group alone.
@MainActor
public struct HierarchicalGroupAccessor {
  /// The state this accessor reads and writes.
  public let state: FilterState
  /// The group's ID.
  public let id: FilterGroup.ID

  /// Whether the group holds no filter.
  public var isEmpty: Bool { state.filters.filters(in: id).isEmpty }

  /// The group's filters, sorted by their rendered text.
  public func filters() -> [Filter.Facet] { state.filters.filters(in: id).compactMap { Filter.Facet($0) } }

  /// The group's filters on `attribute`.
  public func filters(for attribute: Attribute) -> [Filter.Facet] {
    filters().filter { $0.attribute == attribute }
  }

  /// Whether the group holds `filter`.
  public func contains(_ filter: Filter.Facet) -> Bool { state.contains(filter, inGroupWithID: id) }

  /// Adds facet filters, notifying once.
  public func add(_ filters: Filter.Facet...) { addAll(filters) }

  /// Adds facet filters, notifying once.
  public func addAll<S: Sequence>(_ filters: S) where S.Element == Filter.Facet {
    state.addAll(filters: filters, toGroupWithID: id)
  }

  /// Removes `filter`. Returns whether it was there.
  @discardableResult
  public func remove(_ filter: Filter.Facet) -> Bool { state.remove(filter, fromGroupWithID: id) }

  /// Removes `filters`, notifying once. Returns whether any was there.
  @discardableResult
  public func removeAll<S: Sequence>(_ filters: S) -> Bool where S.Element == Filter.Facet {
    state.removeAll(filters, fromGroupWithID: id)
  }

  /// Removes the group's filters on `attribute`.
  public func removeAll(for attribute: Attribute) { state.removeAll(for: attribute, fromGroupWithID: id) }

  /// Empties the group.
  public func removeAll() { state.removeAll(fromGroupWithID: id) }

  /// Deletes every other group.
  public func removeAllOthers() { state.removeAll(except: [id]) }

  /// Adds `filter` if absent, removes it otherwise.
  public func toggle(_ filter: Filter.Facet) { state.toggle(filter, inGroupWithID: id) }

  /// Replaces the group's filters, leaving other groups untouched.
  public func set<S: Sequence>(_ filters: S) where S.Element == Filter.Facet {
    state.set(filters, inGroupWithID: id)
  }
}
