/// The keyed segments both a filter map and a sort selector show in a ``SelectableSegmentController``.
@MainActor
protocol SegmentedInteractor: WidgetInteractor {
  /// The selected key.
  var selected: Int? { get }
  /// Selects `key` (what a click does).
  func select(_ key: Int)
  /// Calls `handler` after each change of the selection.
  func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken
}

extension SegmentedInteractor {
  /// Connects a segmented view: the items' texts (`titles`, once) and the selection now and after each
  /// change; clicks select. The interactor keeps the connection.
  func connectSegments(_ controller: some SelectableSegmentController, titles: [Int: String]) -> WidgetConnection {
    makeConnection { interactor in
      controller.setItems(items: titles)
      controller.setSelected(interactor.selected)
      controller.onClick = { [weak interactor] key in interactor?.select(key) }
      return [
        .undoing { controller.onClick = nil },
        interactor.onChange { [weak interactor] in
          guard let interactor else { return }
          controller.setSelected(interactor.selected)
        },
      ]
    }
  }
}
