/// The Query Rule Custom Data widget in one call: the interactor connected to a searcher and optionally a
/// view, as InstantSearch iOS names them.
///
/// ```swift
/// struct Banner: Decodable { let title: String }
/// let bannerConnector = QueryRuleCustomDataConnector<Banner>(searcher: searcher, controller: bannerController)
/// ```
@MainActor
public final class QueryRuleCustomDataConnector<Model: Decodable>: WidgetConnector {
  /// The searcher whose results carry the rules' data.
  public let searcher: HitsSearcher
  /// The logic.
  public let interactor: QueryRuleCustomDataInteractor<Model>
  /// The connection to the searcher.
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects the widget without a view.
  public init(searcher: HitsSearcher, interactor: QueryRuleCustomDataInteractor<Model> = .init()) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    super.init(parts: [searcherConnection])
  }

  /// Creates and connects the widget with a view of `Model?`.
  public convenience init<Controller: ItemController>(
    searcher: HitsSearcher, interactor: QueryRuleCustomDataInteractor<Model> = .init(), controller: Controller
  ) where Controller.Item == Model? {
    self.init(searcher: searcher, interactor: interactor, controller: controller) { $0 }
  }

  /// Creates and connects the widget with a view of what `presenter` makes of the item.
  public init<Controller: ItemController>(
    searcher: HitsSearcher, interactor: QueryRuleCustomDataInteractor<Model> = .init(), controller: Controller,
    presenter: @escaping @MainActor (Model?) -> Controller.Item
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher)
    let connection = interactor.connectController(controller, presenter: presenter)
    controllerConnection = connection
    super.init(parts: [searcherConnection, connection])
  }

  /// Connects a view (replacing the previous one).
  public func connectController<Controller: ItemController>(
    _ controller: Controller, presenter: @escaping @MainActor (Model?) -> Controller.Item
  ) {
    let connection = interactor.connectController(controller, presenter: presenter)
    replace(controllerConnection, with: connection)
    controllerConnection = connection
  }
}
