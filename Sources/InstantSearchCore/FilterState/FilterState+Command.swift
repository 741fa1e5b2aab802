extension FilterState {
  /// A mutation to run in a batch with `notify(_:)`.
  public struct Command: Sendable {
    /// Applies the mutation and reports whether it changed anything.
    let apply: @Sendable (inout Filters) -> Bool

    /// Wraps a custom mutation that reports whether it changed anything.
    public init(_ apply: @escaping @Sendable (inout Filters) -> Bool) {
      self.apply = apply
    }

    /// Adds `filter` to the group `id`.
    public static func add(filter: some FilterType, toGroupWithID id: FilterGroup.ID) -> Command {
      let filter = filter.eraseToFilter()
      return Command { $0.add(filter, to: id) }
    }

    /// Adds `filters` to the group `id`.
    public static func add<S: Sequence>(filters: S, toGroupWithID id: FilterGroup.ID) -> Command
    where S.Element: FilterType {
      let erased = filters.map { $0.eraseToFilter() }
      return Command { $0.add(contentsOf: erased, to: id) }
    }

    /// Removes `filter` from the group `id`.
    public static func remove(filter: some FilterType, fromGroupWithID id: FilterGroup.ID) -> Command {
      let filter = filter.eraseToFilter()
      return Command { $0.remove(filter, from: id) }
    }

    /// Removes `filters` from the group `id`.
    public static func remove<S: Sequence>(filters: S, fromGroupWithID id: FilterGroup.ID) -> Command
    where S.Element: FilterType {
      let erased = filters.map { $0.eraseToFilter() }
      return Command { $0.remove(contentsOf: erased, from: id) }
    }

    /// Deletes every group.
    public static let removeAll = Command { $0.removeAll() }

    /// Deletes the group `id`.
    public static func removeAll(fromGroupWithID id: FilterGroup.ID) -> Command {
      Command { $0.removeAll(in: id) }
    }

    /// Removes the filters on `attribute` from the group `id`, or from every group when `id` is `nil`.
    public static func removeAll(for attribute: Attribute, fromGroupWithID id: FilterGroup.ID? = nil) -> Command {
      Command { filters in
        guard let id else { return filters.removeAll(for: attribute) }
        return filters.removeAll(for: attribute, in: id)
      }
    }

    /// Toggles `filter` in the group `id`.
    public static func toggle(filter: some FilterType, toGroupWithID id: FilterGroup.ID) -> Command {
      let filter = filter.eraseToFilter()
      return Command { $0.toggle(filter, in: id) }
    }

    /// Toggles `filters` in the group `id`.
    public static func toggle<S: Sequence>(filters: S, toGroupWithID id: FilterGroup.ID) -> Command
    where S.Element: FilterType {
      let erased = filters.map { $0.eraseToFilter() }
      return Command { $0.toggle(contentsOf: erased, in: id) }
    }
  }

  /// Runs `commands` in order and notifies once at the end, if the content changed.
  public func notify(_ commands: Command...) {
    notify(commands)
  }

  /// Runs `commands` in order and notifies once at the end, if the content changed.
  public func notify(_ commands: [Command]) {
    batch {
      for command in commands { apply(command.apply) }
    }
  }
}
