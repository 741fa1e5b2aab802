import Observation

/// The state of one item that is on or off — for a filter toggle, whether its filter is applied.
///
/// Connected to a ``FilterState`` (see ``connectFilterState(_:operator:groupName:default:)``), the state is
/// derived from it: ``isSelected`` is whether the filter is in the group, and a click writes the group.
@MainActor
@Observable
public final class SelectableInteractor<Item: Hashable & Sendable>: WidgetInteractor {
  /// The item.
  public let item: Item
  /// Whether the item is on.
  public internal(set) var isSelected: Bool

  @ObservationIgnored let links = WidgetLinks()
  /// Where the user's choices go while a filter state is connected.
  @ObservationIgnored let selectionRequests = IntentSinks<Bool>()

  /// Creates an interactor; `isSelected` is written to the filter state at connect when it holds neither
  /// the filter nor the default one.
  public init(item: Item, isSelected: Bool = false) {
    self.item = item
    self.isSelected = isSelected
  }

  /// Turns the item on or off (written to the filter state when one is connected).
  public func computeIsSelected(selecting: Bool) {
    guard selecting != isSelected else { return }
    if !selectionRequests.send(selecting) { update { $0.isSelected = selecting } }
  }

  /// Turns the item on when off, off when on.
  public func toggle() {
    computeIsSelected(selecting: !isSelected)
  }

  /// Calls `handler` after each change of ``isSelected``.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(isSelected) }

  /// Connects a view: it gets the item and the state now, and the state after each change; its clicks turn
  /// the item on or off. The interactor keeps the connection.
  @discardableResult
  public func connectController<Controller: SelectableController>(_ controller: Controller) -> WidgetConnection
  where Controller.Item == Item {
    makeConnection { interactor in
      controller.setItem(interactor.item)
      controller.setSelected(interactor.isSelected)
      controller.onClick = { [weak interactor] selecting in interactor?.computeIsSelected(selecting: selecting) }
      return [
        .undoing { controller.onClick = nil },
        interactor.onChange { [weak interactor] in
          guard let interactor else { return }
          controller.setSelected(interactor.isSelected)
        },
      ]
    }
  }
}
