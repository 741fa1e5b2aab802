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
    /// A view that also has a "show more" control gets its state and reports its taps; the interactor learns
    /// how many values the presenter may show (see ``FacetListInteractor/valuesNeeded``).
    public func connect() {
      guard token == nil, let interactor else { return }
      controller.onClick = { [weak interactor] facet in interactor?.toggle(facet.value) }
      if let showMore = controller as? any FacetListShowMoreController {
        showMore.onToggleShowMore = { [weak interactor] in interactor?.toggleShowMore() }
      }
      let needed = presenter.showMoreLimit.map { max($0, presenter.limit) } ?? presenter.limit
      if needed < Int.max { interactor.valuesNeeded = max(interactor.valuesNeeded, needed) }
      token = interactor.onChange { [weak self] in self?.show() }
      show()
      interactor.retain(self)
    }

    /// Stops updating the view and detaches its clicks.
    public func disconnect() {
      token?.cancel()
      token = nil
      controller.onClick = nil
      (controller as? any FacetListShowMoreController)?.onToggleShowMore = nil
      interactor?.release(self)
    }

    private func show() {
      guard let interactor else { return }
      let all = Self.items(interactor.items, selections: interactor.selections)
      controller.setSelectableItems(
        selectableItems: presenter.present(all, isShowingMore: interactor.isShowingMore))
      if let showMore = controller as? any FacetListShowMoreController {
        showMore.setShowMore(
          isShowingMore: interactor.isShowingMore,
          canToggle: presenter.canToggleShowMore(all, isTruncated: interactor.isTruncated))
      }
      controller.reload()
    }

    /// The values with their selection, through `presenter`: selected values missing from `facets` are
    /// added with a count of 0.
    static func items(_ facets: [Facet], selections: Set<String>, presenter: FacetListPresenter) -> [SelectableItem<
      Facet
    >] {
      presenter.present(items(facets, selections: selections))
    }

    /// The values with their selection, all of them: selected values missing from `facets` are added with a
    /// count of 0.
    static func items(_ facets: [Facet], selections: Set<String>) -> [SelectableItem<Facet>] {
      var items = facets.map { SelectableItem(item: $0, isSelected: selections.contains($0.value)) }
      let shown = Set(facets.map(\.value))
      for value in selections.sorted() where !shown.contains(value) {
        items.append(SelectableItem(item: Facet(value: value, count: 0), isSelected: true))
      }
      return items
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
