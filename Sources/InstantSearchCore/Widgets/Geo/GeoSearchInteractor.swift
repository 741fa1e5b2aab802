import Observation

/// The area a geo search looks in, kept in the connected searcher's query (`aroundLatLng`,
/// `aroundRadius`, `insideBoundingBox`): a map moves it, and every search made meanwhile (a new query,
/// new filters) keeps it.
///
/// ```swift
/// let geo = GeoSearchInteractor()
/// geo.connectSearcher(searcher)
/// geo.searchInside(visibleRegion)   // "search this area"
/// geo.searchAround(userLocation, radius: 5_000)
/// ```
@MainActor
@Observable
public final class GeoSearchInteractor: WidgetInteractor {
  /// The area searched.
  public internal(set) var area: GeoSearchArea

  @ObservationIgnored let links = WidgetLinks()
  /// Where new areas go while a searcher is connected.
  @ObservationIgnored let areaRequests = IntentSinks<GeoSearchArea>()

  /// Creates an interactor; `area` is applied to the searcher at connect unless its query has one.
  public init(area: GeoSearchArea = .anywhere) {
    self.area = area
  }

  /// Searches inside `box` (the region a map shows).
  public func searchInside(_ box: BoundingBox) { request(.inside(box)) }

  /// Searches around `center` (the user's location), within `radius` meters when given.
  public func searchAround(_ center: Point, radius: Int? = nil) { request(.around(center, radius: radius)) }

  /// Searches everywhere again.
  public func clearArea() { request(.anywhere) }

  private func request(_ next: GeoSearchArea) {
    if !areaRequests.send(next) { update { $0.area = next } }
  }

  /// Calls `handler` after each change of the area.
  public func onChange(_ handler: @escaping @MainActor () -> Void) -> SubscriptionToken {
    links.onChange(handler)
  }

  var changeSnapshot: some Equatable { ChangeKey(area) }
}
