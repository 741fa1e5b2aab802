#if canImport(UIKit) && canImport(MapKit) && !os(watchOS)
  import UIKit
  import MapKit
  import InstantSearchCore

  /// Hits on a MapKit map: a pin at each location of each hit (titled by `title`), and the map driving the
  /// search — ``searchInVisibleRegion()`` for a "Search this area" button, ``searchAround(_:radius:)`` for
  /// the user's location; the area searched is shown when it changes.
  ///
  /// ```swift
  /// let map = MapHitsController<Hit<Store>>(mapView: mapView) { $0.object.name }
  /// let geo = GeoSearchConnector<Hit<Store>>(searcher: searcher, controller: map)
  /// searcher.search()
  /// ```
  ///
  /// The region ↔ box conversions are ``BoundingBox``'s, tested on Linux.
  @MainActor
  open class MapHitsController<Record: Decodable & Sendable & Geolocated>: NSObject, GeoHitsController,
    GeoSearchController
  {
    /// Set by the connection: where the hits come from.
    public weak var hitsSource: HitsInteractor<Record>?
    /// Set by the connection: searches inside a region.
    public var onSearchInRegion: ((BoundingBox) -> Void)?
    /// Set by the connection: searches around a point.
    public var onSearchAround: ((Point, Int?) -> Void)?
    /// The map.
    public let mapView: MKMapView
    /// A pin's title for a hit.
    public let title: (Record) -> String?
    private var pins: [MKPointAnnotation] = []

    /// Shows hits on `mapView`, each pin titled by `title`.
    public init(mapView: MKMapView, title: @escaping (Record) -> String? = { _ in nil }) {
      self.mapView = mapView
      self.title = title
      super.init()
    }

    /// Replaces the pins by those of the loaded hits.
    open func reload() {
      mapView.removeAnnotations(pins)
      pins = (hitsSource?.hits ?? []).flatMap { hit in
        hit.geolocation.map { point in
          let pin = MKPointAnnotation()
          pin.coordinate = CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude)
          pin.title = title(hit)
          return pin
        }
      }
      mapView.addAnnotations(pins)
    }

    /// Shows the area searched: the box, or the circle around a point (a 10 km view without a radius).
    open func setArea(_ area: GeoSearchArea) {
      let box: BoundingBox? =
        switch area {
        case .anywhere: nil
        case .inside(let box): box
        case .around(let center, let radius): BoundingBox(around: center, meters: radius ?? 10_000)
        }
      guard let box else { return }
      let center = CLLocationCoordinate2D(latitude: box.center.latitude, longitude: box.center.longitude)
      let span = MKCoordinateSpan(latitudeDelta: box.latitudeDelta, longitudeDelta: box.longitudeDelta)
      mapView.setRegion(MKCoordinateRegion(center: center, span: span), animated: true)
    }

    /// Searches inside the region the map shows (nothing for a region that is not a valid box).
    public func searchInVisibleRegion() {
      let region = mapView.region
      guard let center = Point(latitude: region.center.latitude, longitude: region.center.longitude),
        let box = BoundingBox(
          center: center, latitudeDelta: region.span.latitudeDelta, longitudeDelta: region.span.longitudeDelta)
      else { return }
      onSearchInRegion?(box)
    }

    /// Searches around `coordinate` (the user's location), within `radius` meters when given.
    public func searchAround(_ coordinate: CLLocationCoordinate2D, radius: Int? = nil) {
      guard let center = Point(latitude: coordinate.latitude, longitude: coordinate.longitude) else { return }
      onSearchAround?(center, radius)
    }
  }
#endif
