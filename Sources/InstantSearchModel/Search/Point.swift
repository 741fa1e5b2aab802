import Foundation

/// A place on Earth: latitude and longitude in degrees, as records hold them in `_geoloc` and geo
/// searches take them (`aroundLatLng`, `insideBoundingBox`).
public struct Point: Hashable, Sendable {
  /// Degrees north (negative: south), from -90 to 90.
  public let latitude: Double
  /// Degrees east (negative: west), from -180 to 180.
  public let longitude: Double

  /// A point, or `nil` when a coordinate is out of range or not a number.
  public init?(latitude: Double, longitude: Double) {
    guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
    else { return nil }
    self.latitude = latitude
    self.longitude = longitude
  }

  /// The point of a `{"lat": …, "lng": …}` object (numbers, or numbers in strings as Algolia takes them),
  /// or `nil` when it is not one.
  public init?(json: JSON) {
    guard case .object(let members) = json else { return nil }
    let coordinate = { (key: String) -> Double? in
      switch members[key] {
      case .number(let value): value
      case .string(let text): Double(text)
      default: nil
      }
    }
    guard let latitude = coordinate("lat"), let longitude = coordinate("lng") else { return nil }
    self.init(latitude: latitude, longitude: longitude)
  }

  /// The point of an `aroundLatLng` text, `"latitude, longitude"` (spaces around either number allowed), or
  /// `nil` when it is not two numbers in range.
  public init?(aroundLatLng text: String) {
    let parts = text.split(separator: ",").map {
      Double($0.trimmingCharacters(in: .whitespaces))
    }
    guard parts.count == 2, let latitude = parts[0], let longitude = parts[1] else { return nil }
    self.init(latitude: latitude, longitude: longitude)
  }

  /// The points of a `_geoloc` value: one object or an array of them (entries that are not points are
  /// left out).
  public static func points(ofGeoloc json: JSON?) -> [Point] {
    switch json {
    case .array(let entries)?: entries.compactMap(Point.init(json:))
    case let value?: Point(json: value).map { [$0] } ?? []
    case nil: []
    }
  }

  /// `"latitude,longitude"`, as `aroundLatLng` takes it.
  public var aroundLatLng: String { "\(latitude),\(longitude)" }
}

/// A rectangle on the map, from its north-east to its south-west corner (`insideBoundingBox`).
public struct BoundingBox: Hashable, Sendable {
  /// The north-east corner.
  public let northEast: Point
  /// The south-west corner.
  public let southWest: Point

  /// The box between two corners.
  public init(northEast: Point, southWest: Point) {
    self.northEast = northEast
    self.southWest = southWest
  }

  /// The box as one `insideBoundingBox` entry: `[lat1, lng1, lat2, lng2]`.
  public var coordinates: [Double] {
    [northEast.latitude, northEast.longitude, southWest.latitude, southWest.longitude]
  }
}

/// A hit that has a location: the points of its `_geoloc` (InstantSearch iOS's `Geolocated`), what a map
/// of hits pins.
public protocol Geolocated {
  /// The hit's locations (none when it has no valid `_geoloc`).
  var geolocation: [Point] { get }
}

extension SearchHit: Geolocated {
  /// The points of the record's `_geoloc`.
  public var geolocation: [Point] { Point.points(ofGeoloc: object["_geoloc"]) }
}
