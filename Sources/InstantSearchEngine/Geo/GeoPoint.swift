import Foundation

/// A point on Earth, in degrees.
struct GeoPoint: Hashable, Sendable {
  var latitude: Double
  var longitude: Double

  /// Earth's mean radius, in meters (the haversine distance's sphere).
  static let earthRadius = 6_371_000.0

  /// The great-circle distance to `other`, in meters.
  func distance(to other: GeoPoint) -> Double {
    let (lat1, lat2) = (latitude * .pi / 180, other.latitude * .pi / 180)
    let dLat = lat2 - lat1
    let dLng = (other.longitude - longitude) * .pi / 180
    let a = sin(dLat / 2) * sin(dLat / 2) + cos(lat1) * cos(lat2) * sin(dLng / 2) * sin(dLng / 2)
    return 2 * Self.earthRadius * asin(min(1, sqrt(a)))
  }

  /// Whether the point lies in `polygon` (even-odd rule on latitude/longitude, as a plane).
  func isInside(_ polygon: [GeoPoint]) -> Bool {
    var inside = false
    var previous = polygon.count - 1
    for current in polygon.indices {
      let (a, b) = (polygon[current], polygon[previous])
      if (a.longitude > longitude) != (b.longitude > longitude),
        latitude < (b.latitude - a.latitude) * (longitude - a.longitude) / (b.longitude - a.longitude) + a.latitude
      {
        inside.toggle()
      }
      previous = current
    }
    return inside
  }
}

/// A latitude/longitude rectangle.
struct GeoBox: Hashable, Sendable {
  var minLatitude: Double
  var maxLatitude: Double
  var minLongitude: Double
  var maxLongitude: Double

  /// The box with two opposite corners, in any order.
  init(_ a: GeoPoint, _ b: GeoPoint) {
    minLatitude = min(a.latitude, b.latitude)
    maxLatitude = max(a.latitude, b.latitude)
    minLongitude = min(a.longitude, b.longitude)
    maxLongitude = max(a.longitude, b.longitude)
  }

  func contains(_ point: GeoPoint) -> Bool {
    (minLatitude...maxLatitude).contains(point.latitude) && (minLongitude...maxLongitude).contains(point.longitude)
  }

  /// The smallest box holding the circle of `radius` meters around `center` (the whole globe's width when
  /// the circle reaches a pole).
  ///
  /// The circle is widest poleward of its centre, where its longitudes reach
  /// `asin(sin(angle) / cos(latitude))` either side (the angle being the radius over Earth's), more than
  /// `angle / cos(latitude)`: a box of that narrower width left out records within 1,000 km of a point
  /// at 60° north, 75° and 285° of bearing from it.
  static func around(_ center: GeoPoint, radius: Double) -> GeoBox {
    let angle = radius / GeoPoint.earthRadius
    // Margins of a millionth of a degree for rounding (the distance then decides exactly).
    let latitudeSpan = angle * 180 / .pi + 1e-6
    let reach = angle >= .pi / 2 ? 1 : sin(angle) / cos(center.latitude * .pi / 180)
    let longitudeSpan = !(reach < 1) ? 360 : min(360, asin(reach) * 180 / .pi + 1e-6)
    return GeoBox(
      GeoPoint(latitude: center.latitude - latitudeSpan, longitude: center.longitude - longitudeSpan),
      GeoPoint(latitude: center.latitude + latitudeSpan, longitude: center.longitude + longitudeSpan))
  }
}
