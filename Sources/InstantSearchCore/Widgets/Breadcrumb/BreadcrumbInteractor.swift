import Observation

/// The logic of a breadcrumb: the steps of a hierarchical menu's selected path, and going back up it.
///
/// It follows a ``HierarchicalInteractor`` (the menu's, or one of its own on the same attributes): the
/// steps are the menu's selected path, each labelled with its last part; picking a step selects the path
/// down to it, picking the root clears it — through the menu, so that the menu, its filter and the
/// breadcrumb stay one.
@MainActor
@Observable
public final class BreadcrumbInteractor: WidgetInteractor {
  /// The steps, from the top level to the current one.
  public internal(set) var items: [BreadcrumbItem] = []

  @ObservationIgnored let links = WidgetLinks()
  @ObservationIgnored let levelRequests = IntentSinks<Int?>()

  /// Creates an empty breadcrumb.
  public init() {}

  /// Goes up to `level` (`nil`: the root); nothing happens for the current step or a level not shown.
  public func select(level: Int?) {
    if let level, !items.indices.contains(level) || items[level].isCurrent { return }
    if level == nil, items.isEmpty { return }
    levelRequests.send(level)
  }

  /// Calls `handler` after each change of the steps.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(items) }

  /// The steps of `path` (the menu's selection) with `separator` between a value's parts: a step reads
  /// as its value less its parent's and the separator (a top-level name may hold the separator itself).
  public static func items(path: [String], separator: String) -> [BreadcrumbItem] {
    path.enumerated().map { level, value in
      let parent = level > 0 ? path[level - 1] + separator : ""
      let label = level > 0 && value.hasPrefix(parent) ? String(value.dropFirst(parent.count)) : value
      return BreadcrumbItem(label: label, value: value, level: level, isCurrent: level == path.count - 1)
    }
  }

  /// Connects the hierarchical menu whose path it shows: the steps follow its selection now and after each
  /// change; a picked step selects the path down to it, the root clears the selection. The interactor keeps
  /// the connection.
  @discardableResult
  public func connectHierarchical(_ hierarchical: HierarchicalInteractor) -> WidgetConnection {
    makeConnection { [weak hierarchical] interactor in
      guard let hierarchical else { return nil }
      let follow = { @MainActor [weak interactor, weak hierarchical] in
        guard let interactor, let hierarchical else { return }
        let items = Self.items(path: hierarchical.selections, separator: hierarchical.separator)
        interactor.update { $0.items = items }
      }
      follow()
      return [
        hierarchical.onChange(follow),
        interactor.levelRequests.add { [weak hierarchical] level in
          guard let hierarchical else { return }
          hierarchical.select(path: level.map { Array(hierarchical.selections.prefix($0 + 1)) } ?? [])
        },
      ]
    }
  }

  /// Connects a view: it gets the steps now and after each change; the level it reports is selected. The
  /// interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some BreadcrumbController) -> WidgetConnection {
    connectView(
      attach: { interactor in
        controller.onSelect = { [weak interactor] level in interactor?.select(level: level) }
      },
      detach: { controller.onSelect = nil },
      show: { interactor in
        controller.setItems(interactor.items)
      })
  }
}
