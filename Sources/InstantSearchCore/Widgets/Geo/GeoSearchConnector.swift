/// A geo search in one call: the hits of a searcher on a map, and the area the map drives (its visible
/// region, the user's location) kept in the searcher's query.
///
/// ```swift
/// let geo = GeoSearchConnector<Hit<Store>>(searcher: searcher, controller: mapHitsController)
/// searcher.search()
/// ```
@MainActor
public final class GeoSearchConnector<Record: Decodable & Sendable & Geolocated>: WidgetConnector {
  /// The searcher.
  public let searcher: HitsSearcher
  /// The area searched.
  public let interactor: GeoSearchInteractor
  /// The hits.
  public let hitsInteractor: HitsInteractor<Record>
  /// The connections to the searcher (the area's, the hits').
  public let searcherConnections: [WidgetConnection]
  /// The connections to the map (as hits view and as area driver).
  public private(set) var controllerConnections: [WidgetConnection] = []

  /// Creates and connects a geo search shown on `controller`.
  public init<Controller: GeoHitsController & GeoSearchController>(
    searcher: HitsSearcher, interactor: GeoSearchInteractor = .init(), hitsInteractor: HitsInteractor<Record> = .init(),
    controller: Controller
  ) where Controller.Record == Record {
    self.searcher = searcher
    self.interactor = interactor
    self.hitsInteractor = hitsInteractor
    searcherConnections = [interactor.connectSearcher(searcher), hitsInteractor.connectSearcher(searcher)]
    controllerConnections = [hitsInteractor.connectController(controller), interactor.connectController(controller)]
    super.init(parts: searcherConnections + controllerConnections)
  }
}
