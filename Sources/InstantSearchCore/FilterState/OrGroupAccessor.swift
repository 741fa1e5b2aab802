/// Reads and writes a disjunctive group of a ``FilterState`` for filters of type `F`.
/// Obtained with `filterState[or: name]`.
///
/// A disjunctive group holds one kind of filter; each filter is stored in the `or` group of its own
/// kind under this name. With `F` = `Filter` the accessor spans the three groups of that name.
@MainActor
public struct OrGroupAccessor<F: FilterType> {
  /// The state this accessor reads and writes.
  public let state: FilterState
  /// The groups' name.
  public let name: String

  private func id(of filter: some FilterType) -> FilterGroup.ID {
    .or(name: name, filterType: filter.kind)
  }

  /// Whether the group holds no filter of type `F`.
  public var isEmpty: Bool { filters().isEmpty }

  /// The group's filters of type `F`, in rendering order.
  public func filters() -> [F] {
    let ids = Set(kindIDs)
    return state.filters.toFilterGroups().filter { ids.contains($0.id) }.flatMap(\.filters).compactMap { F($0) }
  }

  /// The group's filters on `attribute`.
  public func filters(for attribute: Attribute) -> [F] {
    filters().filter { $0.attribute == attribute }
  }

  /// Whether the group holds `filter`.
  public func contains(_ filter: F) -> Bool { state.contains(filter, inGroupWithID: id(of: filter)) }

  /// Adds filters, notifying once.
  public func add(_ filters: F...) { addAll(filters) }

  /// Adds filters, notifying once.
  public func addAll<S: Sequence>(_ filters: S) where S.Element == F {
    state.apply { snapshot in
      var changed = false
      for filter in filters where snapshot.add(filter, to: id(of: filter)) { changed = true }
      return changed
    }
  }

  /// Removes `filter`. Returns whether it was there.
  @discardableResult
  public func remove(_ filter: F) -> Bool { state.remove(filter, fromGroupWithID: id(of: filter)) }

  /// Removes `filters`, notifying once. Returns whether any was there.
  @discardableResult
  public func removeAll<S: Sequence>(_ filters: S) -> Bool where S.Element == F {
    state.apply { snapshot in
      var changed = false
      for filter in filters where snapshot.remove(filter, from: id(of: filter)) { changed = true }
      return changed
    }
  }

  /// Removes the group's filters on `attribute`.
  public func removeAll(for attribute: Attribute) {
    state.apply { snapshot in
      var changed = false
      for id in kindIDs where snapshot.removeAll(for: attribute, in: id) { changed = true }
      return changed
    }
  }

  /// Empties the group.
  public func removeAll() { state.removeAll(fromGroupWithIDs: kindIDs) }

  /// Deletes every other group.
  public func removeAllOthers() { state.removeAll(except: kindIDs) }

  /// Adds `filter` if absent, removes it otherwise.
  public func toggle(_ filter: F) { state.toggle(filter, inGroupWithID: id(of: filter)) }

  /// Replaces the group's filters, leaving other groups untouched.
  public func set<S: Sequence>(_ filters: S) where S.Element == F {
    state.batch {
      removeAll()
      addAll(filters)
    }
  }

  /// The groups that can hold filters of type `F`: one for a concrete filter type, three for `Filter`.
  public var kindIDs: [FilterGroup.ID] {
    let kinds: [FilterKind]
    if F.self == Filter.Facet.self {
      kinds = [.facet]
    } else if F.self == Filter.Numeric.self {
      kinds = [.numeric]
    } else if F.self == Filter.Tag.self {
      kinds = [.tag]
    } else {
      kinds = FilterKind.allCases
    }
    return kinds.map { .or(name: name, filterType: $0) }
  }
}
