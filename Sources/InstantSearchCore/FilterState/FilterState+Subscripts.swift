extension FilterState {
  /// The conjunctive group `groupName`: every filter in it must match. Filters of any kind may be mixed.
  public subscript(and groupName: String) -> AndGroupAccessor {
    AndGroupAccessor(state: self, id: .and(name: groupName))
  }

  /// The disjunctive group `groupName` for filters of type `F`, inferred from use:
  /// `filterState[or: "colors"].add(Filter.Facet(attribute: "color", stringValue: "red"))`.
  ///
  /// A disjunctive group holds one kind of filter, so facets, numerics and tags added under the same
  /// name go to three groups. With `F` = `Filter`, each filter goes to the group of its own kind.
  public subscript<F: FilterType>(or groupName: String) -> OrGroupAccessor<F> {
    OrGroupAccessor(state: self, name: groupName)
  }

  /// The disjunctive group `groupName` for filters of type `F`, named explicitly.
  public subscript<F: FilterType>(or groupName: String, _ type: F.Type) -> OrGroupAccessor<F> {
    OrGroupAccessor(state: self, name: groupName)
  }

  /// The hierarchical group `groupName`: conjunctive, facet filters only.
  public subscript(hierarchical groupName: String) -> HierarchicalGroupAccessor {
    HierarchicalGroupAccessor(state: self, id: .hierarchical(name: groupName))
  }
}

/// Reads and writes one conjunctive group of a ``FilterState``. Obtained with `filterState[and: name]`.
@MainActor
public struct AndGroupAccessor {
  /// The state this accessor reads and writes.
  public let state: FilterState
  /// The group's ID.
  public let id: FilterGroup.ID

  /// Whether the group holds no filter.
  public var isEmpty: Bool { state.filters.filters(in: id).isEmpty }

  /// The group's filters, sorted by their rendered text.
  public func filters() -> [Filter] { state.filters.filters(in: id) }

  /// The group's filters on `attribute`.
  public func filters(for attribute: Attribute) -> [Filter] {
    filters().filter { $0.attribute == attribute }
  }

  /// Whether the group holds `filter` (exact match: negation and score count).
  public func contains(_ filter: some FilterType) -> Bool { state.contains(filter, inGroupWithID: id) }

  /// Adds filters of any kind, notifying once.
  public func add(_ filters: any FilterType...) { addAll(filters) }

  /// Adds filters of any kind, notifying once.
  public func addAll(_ filters: [any FilterType]) {
    state.apply { $0.add(contentsOf: filters, to: id) }
  }

  /// Removes `filter`. Returns whether it was there.
  @discardableResult
  public func remove(_ filter: some FilterType) -> Bool { state.remove(filter, fromGroupWithID: id) }

  /// Removes `filters`, notifying once. Returns whether any was there.
  @discardableResult
  public func removeAll(_ filters: [any FilterType]) -> Bool {
    state.removeAll(filters.map { $0.eraseToFilter() }, fromGroupWithID: id)
  }

  /// Removes the group's filters on `attribute`.
  public func removeAll(for attribute: Attribute) { state.removeAll(for: attribute, fromGroupWithID: id) }

  /// Empties the group.
  public func removeAll() { state.removeAll(fromGroupWithID: id) }

  /// Deletes every other group.
  public func removeAllOthers() { state.removeAll(except: [id]) }

  /// Adds `filter` if absent, removes it otherwise.
  public func toggle(_ filter: some FilterType) { state.toggle(filter, inGroupWithID: id) }

  /// Replaces the group's filters, leaving other groups untouched.
  public func set(_ filters: [any FilterType]) {
    state.set(filters.map { $0.eraseToFilter() }, inGroupWithID: id)
  }
}
