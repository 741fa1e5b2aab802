extension Filters {
  /// Adds `filter` to the group `id`, creating the group if needed.
  ///
  /// Returns `false`, changing nothing, when the filter is already there, when the group does not accept
  /// its kind (an `or` group holds one kind; a hierarchical group facets only), or when it holds a
  /// non-finite number.
  @discardableResult
  public mutating func add(_ filter: some FilterType, to id: FilterGroup.ID) -> Bool {
    let erased = filter.eraseToFilter()
    guard id.accepts(erased.kind), let text = FilterSQL.render(erased) else { return false }
    return modifyGroup(id) { $0.insert(Self.canonical(erased, in: id), text: text) }
  }

  /// Adds every filter of `filters` to the group `id`. Returns whether anything changed.
  @discardableResult
  public mutating func add<S: Sequence>(contentsOf filters: S, to id: FilterGroup.ID) -> Bool
  where S.Element: FilterType {
    applyEach(filters) { state, filter in state.add(filter, to: id) }
  }

  /// Adds every filter of `filters`, of any type, to the group `id`. Returns whether anything changed.
  @discardableResult
  public mutating func add(contentsOf filters: [any FilterType], to id: FilterGroup.ID) -> Bool {
    applyEach(filters) { state, filter in state.add(filter.eraseToFilter(), to: id) }
  }

  /// Removes `filter` from the group `id`; deletes the group when it becomes empty.
  /// Returns whether the filter was there.
  @discardableResult
  public mutating func remove(_ filter: some FilterType, from id: FilterGroup.ID) -> Bool {
    let erased = filter.eraseToFilter()
    guard content(id) != nil, let text = FilterSQL.render(erased) else { return false }
    return modifyGroup(id) { $0.remove(text: text) }
  }

  /// Removes every filter of `filters` from the group `id`. Returns whether anything was removed.
  @discardableResult
  public mutating func remove<S: Sequence>(contentsOf filters: S, from id: FilterGroup.ID) -> Bool
  where S.Element: FilterType {
    applyEach(filters) { state, filter in state.remove(filter, from: id) }
  }

  /// Removes `filter` from every group. Returns whether it was anywhere.
  @discardableResult
  public mutating func remove(_ filter: some FilterType) -> Bool {
    applyEach(orderedIDs) { state, id in state.remove(filter, from: id) }
  }

  /// Adds `filter` to the group `id` if it is not there, removes it otherwise.
  /// Returns whether anything changed (`false` only for a refused filter).
  @discardableResult
  public mutating func toggle(_ filter: some FilterType, in id: FilterGroup.ID) -> Bool {
    let erased = filter.eraseToFilter()
    guard id.accepts(erased.kind), let text = FilterSQL.render(erased) else { return false }
    return modifyGroup(id) { content in
      if content.remove(text: text) { return true }
      return content.insert(Self.canonical(erased, in: id), text: text)
    }
  }

  /// Toggles each filter of `filters` in the group `id`. Returns whether anything changed.
  @discardableResult
  public mutating func toggle<S: Sequence>(contentsOf filters: S, in id: FilterGroup.ID) -> Bool
  where S.Element: FilterType {
    applyEach(filters) { state, filter in state.toggle(filter, in: id) }
  }

  /// Replaces the filters of the group `id` with `filters`, leaving every other group untouched.
  /// Returns whether the group's content changed.
  @discardableResult
  public mutating func set<S: Sequence>(_ filters: S, in id: FilterGroup.ID) -> Bool
  where S.Element: FilterType {
    var replacement = Filters()
    replacement.add(contentsOf: filters, to: id)
    let newContent = replacement.content(id)
    guard content(id) != newContent else { return false }
    deleteGroup(id)
    if let newContent {
      _ = modifyGroup(id) { content in
        content = newContent
        return true
      }
    }
    return true
  }

  /// Deletes the group `id`. Returns whether it existed.
  @discardableResult
  public mutating func removeAll(in id: FilterGroup.ID) -> Bool {
    deleteGroup(id)
  }

  /// Deletes every group in `ids`. Returns whether any existed.
  @discardableResult
  public mutating func removeAll<S: Sequence>(in ids: S) -> Bool where S.Element == FilterGroup.ID {
    applyEach(ids) { state, id in state.deleteGroup(id) }
  }

  /// Deletes every group whose ID is not in `ids`. Returns whether any was deleted.
  @discardableResult
  public mutating func removeAll<S: Sequence>(except ids: S) -> Bool where S.Element == FilterGroup.ID {
    let kept = Set(ids)
    return removeAll(in: orderedIDs.filter { !kept.contains($0) })
  }

  /// Removes every filter on `attribute`, from every group. Returns whether any was removed.
  @discardableResult
  public mutating func removeAll(for attribute: Attribute) -> Bool {
    applyEach(orderedIDs) { state, id in state.removeAll(for: attribute, in: id) }
  }

  /// Removes the filters on `attribute` from the group `id` only. Returns whether any was removed.
  @discardableResult
  public mutating func removeAll(for attribute: Attribute, in id: FilterGroup.ID) -> Bool {
    guard content(id) != nil else { return false }
    return modifyGroup(id) { $0.removeAll { $0.attribute == attribute } }
  }

  /// Deletes every group. Returns whether there was anything to delete.
  @discardableResult
  public mutating func removeAll() -> Bool {
    guard !isEmpty else { return false }
    self = Filters()
    return true
  }

  /// Applies `body` to each element and reports whether any application changed the content.
  private mutating func applyEach<S: Sequence>(_ elements: S, _ body: (inout Filters, S.Element) -> Bool) -> Bool {
    var changed = false
    for element in elements where body(&self, element) { changed = true }
    return changed
  }

  /// The form in which `filter` is stored in the group `id`. A facet filter on `_tags` with a string value
  /// and no score renders exactly like a tag filter; groups that accept tags store it as one, so that the
  /// same content is the same value whatever form it was added in.
  package static func canonical(_ filter: Filter, in id: FilterGroup.ID) -> Filter {
    guard id.accepts(.tag), case .facet(let facet) = filter, facet.attribute == .tags, facet.score == nil,
      case .string(let value) = facet.value
    else { return filter }
    return .tag(Filter.Tag(value: value, isNegated: facet.isNegated))
  }
}
