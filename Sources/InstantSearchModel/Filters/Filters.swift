/// An immutable-by-value snapshot of filter groups: what a `FilterState` holds and hands to listeners.
///
/// `Filters` is a `Sendable` value, safe to pass between tasks. Groups exist only while they hold
/// filters: adding the first filter creates a group and removing the last one deletes it.
///
/// Filters are members of a group by their rendered text: a filter is in a group when a filter that
/// renders the same `filters` text is (so negation and score count, and a tag `x` is the same member as a
/// facet filter `_tags:x`).
///
/// Every mutating method returns whether the content changed, so callers can tell a no-op (adding a
/// filter that is already there) from a change. Filters holding NaN or an infinity are refused (see
/// ``Filter/isRenderable``).
///
/// Rendering (``sql``) is deterministic: groups ordered by name (UTF-8 bytes), then by their rendered
/// text, then by type; filters in a group by their rendered text. Equal content renders byte-identical
/// strings whatever the order it was built in.
public struct Filters: Sendable, Hashable {
  /// The IDs of the non-empty groups, in ``FilterGroup/ID`` order.
  private(set) var orderedIDs: [FilterGroup.ID] = []
  /// The content of each group, parallel to ``orderedIDs``. An array rather than a dictionary, so that
  /// the copy-on-write of a shared snapshot copies one small buffer.
  private(set) var groupContents: [GroupContent] = []
  /// Where each group is in ``orderedIDs``; changes only when a group is created or deleted.
  private var positions: [FilterGroup.ID: Int] = [:]

  /// The content of the group `id`, if it exists.
  package func content(_ id: FilterGroup.ID) -> GroupContent? {
    positions[id].map { groupContents[$0] }
  }

  /// An empty set of filters.
  public init() {}

  /// Whether no group holds a filter.
  public var isEmpty: Bool { orderedIDs.isEmpty }

  /// The number of filters across all groups.
  public var count: Int { groupContents.reduce(0) { $0 + $1.count } }

  /// The IDs of the groups that hold filters, in ``FilterGroup/ID`` order.
  public var groupIDs: [FilterGroup.ID] { orderedIDs }

  /// The filters of one group, sorted by their rendered text; empty when the group does not exist.
  public func filters(in id: FilterGroup.ID) -> [Filter] {
    content(id)?.filters ?? []
  }

  /// Every filter of every group, group by group in rendering order.
  public var allFilters: [Filter] {
    toFilterGroups().flatMap(\.filters)
  }

  /// Every filter on `attribute`, in rendering order.
  public func filters(for attribute: Attribute) -> [Filter] {
    allFilters.filter { $0.attribute == attribute }
  }

  /// Whether the group `id` holds `filter` (exact match: negation and score count).
  public func contains(_ filter: some FilterType, in id: FilterGroup.ID) -> Bool {
    let erased = filter.eraseToFilter()
    guard let content = content(id), let text = FilterSQL.render(erased) else { return false }
    return content.contains(text: text)
  }

  /// Whether any group holds `filter`.
  public func contains(_ filter: some FilterType) -> Bool {
    let erased = filter.eraseToFilter()
    guard let text = FilterSQL.render(erased) else { return false }
    return groupContents.contains { $0.contains(text: text) }
  }

  /// Two snapshots are equal when their groups hold the same filters.
  public static func == (lhs: Filters, rhs: Filters) -> Bool {
    lhs.orderedIDs == rhs.orderedIDs && lhs.groupContents == rhs.groupContents
  }

  /// Hashes the groups and their filters.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(orderedIDs)
    hasher.combine(groupContents)
  }

  // MARK: - Storage primitives

  /// Mutates one group in place, creating it when needed and deleting it when it ends up empty.
  package mutating func modifyGroup(_ id: FilterGroup.ID, _ body: (inout GroupContent) -> Bool) -> Bool {
    guard let index = positions[id] else {
      var content = GroupContent()
      guard body(&content), !content.isEmpty else { return false }
      let index = orderedIDs.partitioningIndex { !($0 < id) }
      orderedIDs.insert(id, at: index)
      groupContents.insert(content, at: index)
      reindex(from: index)
      return true
    }
    let changed = body(&groupContents[index])
    if groupContents[index].isEmpty { deleteGroup(id) }
    return changed
  }

  /// Deletes a group. Returns whether it existed.
  @discardableResult
  package mutating func deleteGroup(_ id: FilterGroup.ID) -> Bool {
    guard let index = positions.removeValue(forKey: id) else { return false }
    orderedIDs.remove(at: index)
    groupContents.remove(at: index)
    reindex(from: index)
    return true
  }

  /// Refreshes ``positions`` for the groups from `start` on.
  private mutating func reindex(from start: Int) {
    for index in start..<orderedIDs.count { positions[orderedIDs[index]] = index }
  }

  /// The groups' contents in rendering order: by ID, with groups that share a name ordered by their
  /// rendered text and then by type.
  package func orderedContents() -> [(id: FilterGroup.ID, content: GroupContent)] {
    var result: [(id: FilterGroup.ID, content: GroupContent)] = []
    result.reserveCapacity(orderedIDs.count)
    forEachGroupInOrder { id, content, _ in result.append((id, content)) }
    return result
  }

  /// Calls `body` for each group in rendering order, passing the group's SQL when it was computed to
  /// settle the order of groups sharing a name.
  package func forEachGroupInOrder(_ body: (FilterGroup.ID, GroupContent, String?) -> Void) {
    var start = 0
    while start < orderedIDs.count {
      var end = start + 1
      let name = orderedIDs[start].name
      while end < orderedIDs.count, UTF8Order.compare(orderedIDs[end].name, name) == 0 {
        end += 1
      }
      if end - start == 1 {
        body(orderedIDs[start], groupContents[start], nil)
      } else {
        var run: [(id: FilterGroup.ID, content: GroupContent, sql: String)] = []
        for index in start..<end {
          let id = orderedIDs[index]
          let content = groupContents[index]
          run.append((id, content, content.sql(separator: GroupContent.separator(for: id))))
        }
        run.sort { lhs, rhs in
          let order = UTF8Order.compare(lhs.sql, rhs.sql)
          return order != 0 ? order < 0 : lhs.id.typeRank < rhs.id.typeRank
        }
        for item in run { body(item.id, item.content, item.sql) }
      }
      start = end
    }
  }
}

extension Array {
  /// The first index whose element satisfies `predicate`, for a predicate that is false then true.
  fileprivate func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if predicate(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
