extension FacetListInteractor {
  /// Shows a facet list in a view: the values with their selection, through a presenter; clicks toggle.
  ///
  /// A selected value missing from the results is shown with a count of 0, so it can always be unselected.
  @MainActor
  public final class ControllerConnection: Connection {
    /// The interactor.
    public private(set) weak var interactor: FacetListInteractor?
    /// The view.
    public let controller: any FacetListController
    /// How values are ordered and limited.
    public let presenter: FacetListPresenter
    private var token: SubscriptionToken?

    /// Creates a connection; call ``connect()`` to start it. Without a presenter, values come by decreasing
    /// count, then by value, all of them.
    public init(
      interactor: FacetListInteractor, controller: any FacetListController, presenter: FacetListPresenter? = nil
    ) {
      self.interactor = interactor
      self.controller = controller
      self.presenter = presenter ?? FacetListPresenter(limit: Int.max)
    }

    /// Shows the current state at once and every change after it; routes clicks to the interactor.
    public func connect() {
      guard token == nil, let interactor else { return }
      controller.onClick = { [weak interactor] facet in interactor?.toggle(facet.value) }
      token = interactor.onChange { [weak self] in self?.show() }
      show()
      interactor.retain(self)
    }

    /// Stops updating the view and detaches its clicks.
    public func disconnect() {
      token?.cancel()
      token = nil
      controller.onClick = nil
      interactor?.release(self)
    }

    private func show() {
      guard let interactor else { return }
      controller.setSelectableItems(
        selectableItems: Self.items(interactor.items, selections: interactor.selections, presenter: presenter))
      controller.reload()
    }

    /// The values with their selection: selected values missing from `facets` are added with a count of 0.
    static func items(_ facets: [Facet], selections: Set<String>, presenter: FacetListPresenter) -> [SelectableItem<
      Facet
    >] {
      var items = facets.map { SelectableItem(item: $0, isSelected: selections.contains($0.value)) }
      let shown = Set(facets.map(\.value))
      for value in selections.sorted() where !shown.contains(value) {
        items.append(SelectableItem(item: Facet(value: value, count: 0), isSelected: true))
      }
      return presenter.present(items)
    }
  }

  /// Connects a view, optionally through a presenter. The interactor keeps the connection.
  @discardableResult
  public func connectController(
    _ controller: some FacetListController, with presenter: FacetListPresenter? = nil
  ) -> ControllerConnection {
    let connection = ControllerConnection(interactor: self, controller: controller, presenter: presenter)
    connection.connect()
    return connection
  }
}
