/// What the interactors share: change listeners, connections made from a start function, and state
/// changes that tell the listeners once.
///
/// An interactor writes its state only inside ``update(_:)``: the listeners hear once per update that
/// changed what ``changeSnapshot`` captures, however many properties it touched, and never for an update
/// that changed nothing.
@MainActor
protocol WidgetInteractor: AnyObject {
  /// The listeners and the connections kept alive.
  var links: WidgetLinks { get }
  /// What ``changeSnapshot`` is: usually a ``ChangeKey`` of the values.
  associatedtype ChangeSnapshot: Equatable
  /// Everything a listener of the interactor is told about, to compare before and after an update.
  var changeSnapshot: ChangeSnapshot { get }
}

extension WidgetInteractor {
  /// Runs `change`, then tells the listeners once if the snapshot changed.
  func update(_ change: (Self) -> Void) {
    let before = changeSnapshot
    change(self)
    if changeSnapshot != before { links.notify() }
  }

  /// Creates a connection that this interactor keeps while it is connected, and connects it. `start` gets
  /// the interactor (the connection never keeps it alive) and returns the tokens that undo the link, or
  /// `nil` when another party is gone.
  func makeConnection(_ start: @escaping @MainActor (Self) -> [SubscriptionToken]?) -> WidgetConnection {
    let connection = WidgetConnection(owner: links) { [weak self] in
      guard let self else { return nil }
      return start(self)
    }
    connection.connect()
    return connection
  }
}

extension WidgetInteractor {
  /// Connects a view the common way: `attach` sets the view's callbacks (given the interactor, which they
  /// must hold weakly), `show` draws the interactor's state into the view now and after each change, and
  /// disconnecting runs `detach` (clearing the callbacks).
  func connectView(
    attach: @escaping @MainActor (Self) -> Void, detach: @escaping @MainActor () -> Void,
    show: @escaping @MainActor (Self) -> Void
  ) -> WidgetConnection {
    makeConnection { interactor in
      attach(interactor)
      let draw = { @MainActor [weak interactor] in
        guard let interactor else { return }
        show(interactor)
      }
      draw()
      return [.undoing(detach), interactor.links.onChange(draw)]
    }
  }
}

extension SubscriptionToken {
  /// A token that runs `undo` when cancelled: one part of a connection, such as a callback set on a view.
  static func undoing(_ undo: @escaping @MainActor () -> Void) -> SubscriptionToken {
    SubscriptionToken(onCancel: undo)
  }
}
