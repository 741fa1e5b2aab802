extension NumberRangeInteractor {
  /// Shows the bounds and the range in a view; the user's ranges are applied to the filter state.
  ///
  /// The view gets ``NumberRangeInteractor/displayedRange`` (the selection clamped to the bounds), and
  /// only when what it shows changes.
  @MainActor
  public final class ControllerConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: NumberRangeInteractor<Number>?
    /// The view.
    public let controller: any NumberRangeController<Number>
    private var token: SubscriptionToken?
    private var shownBounds: ClosedRange<Number>?
    private var shownRange: ClosedRange<Number>?

    /// Creates a connection; call ``connect()`` to start it.
    public init(interactor: NumberRangeInteractor<Number>, controller: any NumberRangeController<Number>) {
      self.interactor = interactor
      self.controller = controller
    }

    /// Whether the connection is active.
    public var isConnected: Bool { token != nil }

    /// Shows the current bounds and range at once, then after each change; forwards the view's ranges.
    public func connect() {
      guard token == nil, let interactor else { return }
      shownBounds = nil
      shownRange = nil
      controller.onRangeChanged = { [weak interactor] range in interactor?.applyRange(range) }
      token = interactor.onChange { [weak self] in self?.push() }
      push()
      interactor.retain(self)
    }

    /// Stops updating the view and detaches its callback.
    public func disconnect() {
      token?.cancel()
      token = nil
      controller.onRangeChanged = nil
      interactor?.release(self)
    }

    /// Pushes the bounds (then the range, since a view may reset its range with its bounds) and the
    /// range when they differ from what the view shows.
    private func push() {
      guard let interactor else { return }
      let bounds = interactor.bounds
      let range = interactor.displayedRange
      var rangeNeeded = range != shownRange
      if let bounds, bounds != shownBounds {
        shownBounds = bounds
        controller.setBounds(bounds)
        rangeNeeded = true
      }
      guard rangeNeeded else { return }
      shownRange = range
      if let range { controller.setItem(range) } else { controller.invalidate() }
    }
  }

  /// Connects a view. The interactor keeps the connection.
  @discardableResult
  public func connectController(_ controller: some NumberRangeController<Number>) -> ControllerConnection {
    let connection = ControllerConnection(interactor: self, controller: controller)
    connection.connect()
    return connection
  }
}
