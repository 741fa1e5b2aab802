/// Related items in one call: a hits list of the records that share the most with an item, ranked by the
/// scores of the matching patterns, the item itself left out (see
/// ``HitsInteractor/connectSearcher(_:withRelatedItemsTo:with:)``). Give it a searcher of its own: the
/// related-items parameters stay on its request while connected.
///
/// ```swift
/// let related = RelatedItemsConnector<Hit<Product>>(
///   searcher: HitsSearcher(client: client, indexName: "products"), item: ObjectWrapper(shownHit),
///   matchingPatterns: [.init(attribute: "brand", score: 3, filterPath: \.brand)], controller: carousel)
/// related.searcher.search()
/// ```
@MainActor
public final class RelatedItemsConnector<Record: Decodable & Sendable>: WidgetConnector {
  /// The searcher of the related items.
  public let searcher: HitsSearcher
  /// The hits' logic.
  public let interactor: HitsInteractor<Record>
  /// The connection to the searcher (with the related-items parameters).
  public let searcherConnection: WidgetConnection
  /// The connection to the view, if any.
  public private(set) var controllerConnection: WidgetConnection?

  /// Creates and connects the related items of `item` by `matchingPatterns`, shown in `controller`.
  public init<Model, Controller: HitsController>(
    searcher: HitsSearcher, item: ObjectWrapper<Model>, matchingPatterns: [MatchingPattern<Model>],
    interactor: HitsInteractor<Record> = .init(), controller: Controller
  ) where Controller.Record == Record {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher, withRelatedItemsTo: item, with: matchingPatterns)
    controllerConnection = interactor.connectController(controller)
    super.init(parts: [searcherConnection, controllerConnection])
  }

  /// Creates and connects the related items of `item` by `matchingPatterns`, without a view.
  public init<Model>(
    searcher: HitsSearcher, item: ObjectWrapper<Model>, matchingPatterns: [MatchingPattern<Model>],
    interactor: HitsInteractor<Record> = .init()
  ) {
    self.searcher = searcher
    self.interactor = interactor
    searcherConnection = interactor.connectSearcher(searcher, withRelatedItemsTo: item, with: matchingPatterns)
    super.init(parts: [searcherConnection])
  }
}
