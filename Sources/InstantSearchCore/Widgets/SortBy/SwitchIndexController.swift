/// A view that switches the index searched by name (InstantSearch iOS's `SwitchIndexController`, as its
/// SwiftUI sort menus use it): it shows the index names and the selected one, and reports the name the
/// user picks.
@MainActor
public protocol SwitchIndexController: AnyObject {
  /// Set by the connection: called with the index name the user picks.
  var select: (String) -> Void { get set }
  /// Shows the index names, in order, and the selected one (`""` when the searcher uses none of them).
  func set(indexNames: [String], selected: String)
}

extension SortByInteractor {
  /// Connects a view that picks indices by name: it gets the names in key order and the selected one, now
  /// and after each change; a name it reports selects that index (an unknown name does nothing). The
  /// interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some SwitchIndexController) -> WidgetConnection {
    connectView(
      attach: { interactor in
        controller.select = { [weak interactor] name in
          guard let interactor, let key = interactor.key(of: name) else { return }
          interactor.select(key)
        }
      },
      detach: { controller.select = { _ in } },
      show: { interactor in
        let names = interactor.items.sorted { $0.key < $1.key }.map(\.value)
        controller.set(indexNames: names, selected: interactor.selectedIndexName ?? "")
      })
  }
}
