extension FilterState {
  /// Whether no group holds a filter.
  public var isEmpty: Bool { filters.isEmpty }

  /// The IDs of the groups that hold filters, in `FilterGroup.ID` order.
  public func getGroupIDs() -> [FilterGroup.ID] { filters.groupIDs }

  /// The filters of the group `id`, sorted by their rendered text.
  public func getFilters(forGroupWithID id: FilterGroup.ID) -> [Filter] { filters.filters(in: id) }

  /// Every filter, group by group in rendering order.
  public func getFilters() -> [Filter] { filters.allFilters }

  /// Every filter on `attribute`, in rendering order.
  public func getFilters(for attribute: Attribute) -> [Filter] { filters.filters(for: attribute) }

  /// The non-empty groups in rendering order: by name, then by rendered text.
  public func toFilterGroups() -> [FilterGroup] { filters.toFilterGroups() }

  /// Whether the group `id` holds `filter` (exact match: negation and score count).
  public func contains(_ filter: some FilterType, inGroupWithID id: FilterGroup.ID) -> Bool {
    filters.contains(filter, in: id)
  }

  /// Whether any group holds `filter`.
  public func contains(_ filter: some FilterType) -> Bool { filters.contains(filter) }

  /// Adds `filter` to the group `id`. Returns whether it changed anything: `false` for a filter already
  /// there, a kind the group does not accept, or a non-finite number.
  @discardableResult
  public func add(_ filter: some FilterType, toGroupWithID id: FilterGroup.ID) -> Bool {
    apply { $0.add(filter, to: id) }
  }

  /// Adds several filters to the group `id`, notifying once.
  @discardableResult
  public func addAll<S: Sequence>(filters newFilters: S, toGroupWithID id: FilterGroup.ID) -> Bool
  where S.Element: FilterType {
    apply { $0.add(contentsOf: newFilters, to: id) }
  }

  /// Removes `filter` from the group `id`. Returns whether it was there.
  @discardableResult
  public func remove(_ filter: some FilterType, fromGroupWithID id: FilterGroup.ID) -> Bool {
    apply { $0.remove(filter, from: id) }
  }

  /// Removes several filters from the group `id`, notifying once.
  @discardableResult
  public func removeAll<S: Sequence>(_ filtersToRemove: S, fromGroupWithID id: FilterGroup.ID) -> Bool
  where S.Element: FilterType {
    apply { $0.remove(contentsOf: filtersToRemove, from: id) }
  }

  /// Removes `filter` from every group. Returns whether it was anywhere.
  @discardableResult
  public func remove(_ filter: some FilterType) -> Bool {
    apply { $0.remove(filter) }
  }

  /// Adds `filter` to the group `id` if it is absent, removes it otherwise.
  public func toggle(_ filter: some FilterType, inGroupWithID id: FilterGroup.ID) {
    apply { $0.toggle(filter, in: id) }
  }

  /// Toggles several filters in the group `id`, notifying once.
  public func toggle<S: Sequence>(_ filtersToToggle: S, inGroupWithID id: FilterGroup.ID)
  where S.Element: FilterType {
    apply { $0.toggle(contentsOf: filtersToToggle, in: id) }
  }

  /// Replaces the filters of the group `id`, leaving every other group untouched.
  public func set<S: Sequence>(_ newFilters: S, inGroupWithID id: FilterGroup.ID) where S.Element: FilterType {
    apply { $0.set(newFilters, in: id) }
  }

  /// Deletes the group `id`.
  public func removeAll(fromGroupWithID id: FilterGroup.ID) {
    apply { $0.removeAll(in: id) }
  }

  /// Deletes the groups `ids`, notifying once.
  public func removeAll<S: Sequence>(fromGroupWithIDs ids: S) where S.Element == FilterGroup.ID {
    apply { $0.removeAll(in: ids) }
  }

  /// Deletes every group except `groupIDs`, notifying once.
  public func removeAll<S: Sequence>(except groupIDs: S) where S.Element == FilterGroup.ID {
    apply { $0.removeAll(except: groupIDs) }
  }

  /// Removes every filter on `attribute` from every group.
  public func removeAll(for attribute: Attribute) {
    apply { $0.removeAll(for: attribute) }
  }

  /// Removes the filters on `attribute` from the group `id` only.
  public func removeAll(for attribute: Attribute, fromGroupWithID id: FilterGroup.ID) {
    apply { $0.removeAll(for: attribute, in: id) }
  }

  /// Deletes every group. Notifies only if there was something to delete.
  public func removeAll() {
    apply { $0.removeAll() }
  }
}
