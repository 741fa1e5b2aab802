import Foundation

extension BoundingBox {
  /// The box of a map region: its centre and its height and width in degrees (MapKit's
  /// `MKCoordinateRegion`), clamped to the map's edges; `nil` for a region with no area or not finite.
  public init?(center: Point, latitudeDelta: Double, longitudeDelta: Double) {
    guard latitudeDelta.isFinite, longitudeDelta.isFinite, latitudeDelta > 0, longitudeDelta > 0 else { return nil }
    let north = min(90, center.latitude + latitudeDelta / 2)
    let south = max(-90, center.latitude - latitudeDelta / 2)
    let east = min(180, center.longitude + longitudeDelta / 2)
    let west = max(-180, center.longitude - longitudeDelta / 2)
    guard let northEast = Point(latitude: north, longitude: east),
      let southWest = Point(latitude: south, longitude: west)
    else { return nil }
    self.init(northEast: northEast, southWest: southWest)
  }

  /// The box around `center` that holds the circle of `meters` around it (a map region showing an
  /// around-the-user search), clamped to the map's edges; `nil` for a radius that is not positive.
  public init?(around center: Point, meters: Int) {
    guard meters > 0 else { return nil }
    // A degree of latitude is about 111.32 km; a degree of longitude shrinks with the latitude's cosine.
    let latitudeDelta = 2 * Double(meters) / 111_320
    let cosine = max(0.01, cos(center.latitude * .pi / 180))
    self.init(center: center, latitudeDelta: latitudeDelta, longitudeDelta: min(360, latitudeDelta / cosine))
  }

  /// The box's centre.
  public var center: Point {
    Point(
      latitude: (northEast.latitude + southWest.latitude) / 2,
      longitude: (northEast.longitude + southWest.longitude) / 2)
      ?? northEast
  }

  /// The box's height in degrees.
  public var latitudeDelta: Double { abs(northEast.latitude - southWest.latitude) }

  /// The box's width in degrees.
  public var longitudeDelta: Double { abs(northEast.longitude - southWest.longitude) }
}
