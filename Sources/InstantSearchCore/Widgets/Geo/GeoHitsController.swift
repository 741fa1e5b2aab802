/// A view of hits on a map (InstantSearch iOS's `GeoHitsController`): a ``HitsController`` whose records
/// have locations, which it pins.
@MainActor
public protocol GeoHitsController<Record>: HitsController where Record: Geolocated {}

/// A map that drives where the search looks: it reports the area the user moved it to, or the user's own
/// location, and shows the area searched (a ``GeoSearchInteractor``'s ``GeoSearchArea``).
@MainActor
public protocol GeoSearchController: AnyObject {
  /// Set by the connection: search inside the visible region (a "search this area" button).
  var onSearchInRegion: ((BoundingBox) -> Void)? { get set }
  /// Set by the connection: search around a point (the user's location), within `radius` meters when
  /// given.
  var onSearchAround: ((Point, Int?) -> Void)? { get set }
  /// Shows the area searched (`.anywhere`: no geo constraint).
  func setArea(_ area: GeoSearchArea)
}

/// Where a geo search looks, as the searcher's query holds it.
public enum GeoSearchArea: Hashable, Sendable {
  /// Everywhere: no geo constraint.
  case anywhere
  /// Around a point (`aroundLatLng`), within `radius` meters when given (`aroundRadius`), nearer first.
  case around(Point, radius: Int?)
  /// Inside a rectangle (`insideBoundingBox`).
  case inside(BoundingBox)

  /// The area a query asks for: its bounding box first (Algolia ignores `aroundLatLng` then), else its
  /// centre; `.anywhere` when it has neither or they do not parse.
  public init(_ query: Query) {
    if let box = query.insideBoundingBox?.first, box.count == 4,
      let northEast = Point(latitude: box[0], longitude: box[1]),
      let southWest = Point(latitude: box[2], longitude: box[3])
    {
      self = .inside(BoundingBox(northEast: northEast, southWest: southWest))
      return
    }
    if let text = query.aroundLatLng, let center = Point(aroundLatLng: text) {
      let radius: Int? = if case .meters(let meters) = query.aroundRadius { meters } else { nil }
      self = .around(center, radius: radius)
      return
    }
    self = .anywhere
  }

  /// `query` asking for this area, its other geo parameters cleared.
  public func applied(to query: Query) -> Query {
    var query = query
    query.aroundLatLng = nil
    query.aroundRadius = nil
    query.insideBoundingBox = nil
    query.insidePolygon = nil
    switch self {
    case .anywhere: break
    case .around(let center, let radius):
      query.aroundLatLng = center.aroundLatLng
      query.aroundRadius = radius.map { .meters($0) }
    case .inside(let box): query.insideBoundingBox = [box.coordinates]
    }
    return query
  }
}
