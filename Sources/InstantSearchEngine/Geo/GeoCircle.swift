import Foundation

/// Whether points lie within `radius` meters of `center`, deciding as `center.distance(to:) <= radius`
/// does with less work a point: a box comparison first, then the haversine term `a` compared with that of
/// the radius (no arcsine, no square root, the centre's cosine computed once). Only a point whose `a` is
/// within a billionth of the radius's has its distance computed.
struct GeoCircle: Sendable {
  let center: GeoPoint
  let radius: Double
  /// The smallest box holding the circle.
  let box: GeoBox
  /// The centre's latitude in radians, and its cosine.
  private let latitude: Double
  private let cosine: Double
  /// The haversine term of a point at `radius`: a point is within when its term is at most this.
  private let limit: Double

  init(center: GeoPoint, radius: Double) {
    self.center = center
    self.radius = radius
    box = .around(center, radius: radius)
    latitude = center.latitude * .pi / 180
    cosine = cos(latitude)
    // Half the circle's angle, at most a quarter turn: a radius of half Earth's circumference or more
    // holds every point (a term is at most 1).
    let half = min(radius / GeoPoint.earthRadius / 2, .pi / 2)
    limit = sin(half) * sin(half)
  }

  /// Whether `point` is within the radius of the centre.
  @inline(__always)
  func contains(_ point: GeoPoint) -> Bool {
    guard box.contains(point) else { return false }
    let other = point.latitude * .pi / 180
    let dLat = other - latitude
    let dLng = (point.longitude - center.longitude) * .pi / 180
    let term = sin(dLat / 2) * sin(dLat / 2) + cosine * cos(other) * sin(dLng / 2) * sin(dLng / 2)
    if term < limit * (1 - 1e-9) { return true }
    if term > limit * (1 + 1e-9) { return false }
    return center.distance(to: point) <= radius
  }
}
