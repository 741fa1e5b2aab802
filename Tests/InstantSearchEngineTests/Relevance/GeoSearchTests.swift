import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Geo search: around, radius, precision, boxes, polygons, the geo criterion, _rankingInfo")
struct GeoSearchTests {
  /// Stores in and around Paris (distances from Notre-Dame: Louvre ~1.3 km, Eiffel ~4 km, Versailles
  /// ~17 km), one in Lyon (~390 km), one with two locations, one without.
  static let records: [[String: JSON]] = [
    ["objectID": "louvre", "name": "store", "rank": 1, "_geoloc": ["lat": 48.8606, "lng": 2.3376]],
    ["objectID": "eiffel", "name": "store", "rank": 5, "_geoloc": ["lat": 48.8584, "lng": 2.2945]],
    ["objectID": "versailles", "name": "store", "rank": 9, "_geoloc": ["lat": 48.8049, "lng": 2.1204]],
    ["objectID": "lyon", "name": "store", "rank": 7, "_geoloc": ["lat": 45.7640, "lng": 4.8357]],
    [
      "objectID": "both", "name": "store", "rank": 3,
      "_geoloc": [["lat": 45.7578, "lng": 4.8320], ["lat": 48.8530, "lng": 2.3499]],
    ],
    ["objectID": "nowhere", "name": "store", "rank": 10],
  ]
  static let notreDame = "48.8530, 2.3499"

  static func index() throws -> LocalIndex {
    try Fixture.index(records, settings: ["customRanking": ["desc(rank)"]])
  }

  @Test("Around a point: nearest first (before words and custom ranking), records without a location left out")
  func around() throws {
    let index = try Self.index()
    let all = try index.search(Fixture.query("store") { $0.aroundLatLng = Self.notreDame })
    #expect(Fixture.ids(all) == ["both", "louvre", "eiffel", "versailles", "lyon"])
    #expect(all.nbHits == 5)
    let near = try index.search(
      Fixture.query("") {
        $0.aroundLatLng = Self.notreDame
        $0.aroundRadius = .meters(5_000)
      })
    #expect(Fixture.ids(near) == ["both", "louvre", "eiffel"])
    // A coarse precision makes the Paris stores tie: the custom ranking orders them.
    let coarse = try index.search(
      Fixture.query("store") {
        $0.aroundLatLng = Self.notreDame
        $0.aroundRadius = .meters(20_000)
        $0.aroundPrecision = 50_000
      })
    #expect(Fixture.ids(coarse) == ["versailles", "eiffel", "both", "louvre"])
  }

  /// The point `distance` meters from (`latitude`, `longitude`) in direction `bearing` (radians from north),
  /// on the haversine sphere.
  static func destination(latitude: Double, longitude: Double, distance: Double, bearing: Double) -> (Double, Double) {
    let (phi, lambda) = (latitude * .pi / 180, longitude * .pi / 180)
    let angle = distance / 6_371_000.0
    let phi2 = asin(sin(phi) * cos(angle) + cos(phi) * sin(angle) * cos(bearing))
    let lambda2 = lambda + atan2(sin(bearing) * sin(angle) * cos(phi), cos(angle) - sin(phi) * sin(phi2))
    return (phi2 * 180 / .pi, lambda2 * 180 / .pi)
  }

  @Test("Around a point far north with a large radius: every record within it, at its widest too")
  func aroundWideCircle() throws {
    // A ring of stores just inside 1,000 km of Oslo's latitude: the circle is widest east and west of
    // the centre's latitude, poleward of it, wider than the radius over the centre's cosine.
    let ring: [[String: JSON]] = (0..<72).map { step in
      let (lat, lng) = Self.destination(
        latitude: 60, longitude: 10, distance: 999_000, bearing: Double(step) * 5 * .pi / 180)
      return [
        "objectID": .string("ring\(step)"), "name": "store", "_geoloc": ["lat": .number(lat), "lng": .number(lng)],
      ]
    }
    let outside: [[String: JSON]] = (0..<72).map { step in
      let (lat, lng) = Self.destination(
        latitude: 60, longitude: 10, distance: 1_001_000, bearing: Double(step) * 5 * .pi / 180)
      return [
        "objectID": .string("out\(step)"), "name": "store", "_geoloc": ["lat": .number(lat), "lng": .number(lng)],
      ]
    }
    let index = try Fixture.index(ring + outside, settings: [:])
    for query in ["", "store"] {
      let found = try index.search(
        Fixture.query(query) {
          $0.aroundLatLng = "60, 10"
          $0.aroundRadius = .meters(1_000_000)
          $0.hitsPerPage = 200
        })
      #expect(Set(Fixture.ids(found)) == Set((0..<72).map { "ring\($0)" }), "query \"\(query)\"")
    }
  }

  @Test("Boxes and polygons filter (and replace the around circle); filters and facets combine")
  func areas() throws {
    let index = try Self.index()
    let paris = try index.search(Fixture.query("") { $0.insideBoundingBox = [[48.90, 2.25, 48.80, 2.40]] })
    #expect(Set(Fixture.ids(paris)) == ["louvre", "eiffel", "both"])
    let two = try index.search(
      Fixture.query("") { $0.insideBoundingBox = [[48.90, 2.25, 48.80, 2.40], [45.70, 4.80, 45.80, 4.90]] })
    #expect(Set(Fixture.ids(two)) == ["louvre", "eiffel", "both", "lyon"])
    // A triangle around the Louvre and Notre-Dame, not the Eiffel tower.
    let triangle = try index.search(
      Fixture.query("") { $0.insidePolygon = [[48.87, 2.33, 48.84, 2.33, 48.855, 2.36]] })
    #expect(Set(Fixture.ids(triangle)) == ["louvre", "both"])
    let filtered = try index.search(
      Fixture.query("", filters: "rank > 2") {
        $0.insideBoundingBox = [[48.90, 2.25, 48.80, 2.40]]
        $0.aroundLatLng = Self.notreDame
      })
    #expect(Fixture.ids(filtered) == ["both", "eiffel"])
  }

  @Test(
    "getRankingInfo reports the distance and the matched location; bad geo parameters are 400s; the JSON forms read")
  func rankingInfoAndParameters() throws {
    let index = try Self.index()
    let response = try index.search(
      Fixture.query("store") {
        $0.aroundLatLng = Self.notreDame
        $0.getRankingInfo = true
      })
    let info = try #require(response.hits.first { $0.objectID == "louvre" }?["_rankingInfo"])
    let distance = try #require(info["geoDistance"]?.doubleValue)
    #expect((1_200...1_400).contains(distance), "\(distance)")
    #expect(response.hits.first?["_rankingInfo"]?["geoDistance"] == 0)
    // The location the distance was measured to: of the record with two, the one in Paris.
    let both = try #require(response.hits.first { $0.objectID == "both" }?["_rankingInfo"]?["matchedGeoLocation"])
    #expect(both["lat"] == 48.8530 && both["lng"] == 2.3499 && both["distance"] == 0)
    #expect(info["matchedGeoLocation"]?["distance"]?.doubleValue == distance)
    #expect(throws: EngineError.self) { try index.search(Fixture.query("") { $0.aroundLatLng = "north" }) }
    #expect(throws: EngineError.self) { try index.search(Fixture.query("") { $0.insideBoundingBox = [[1, 2, 3]] }) }
    let fromJSON = try Query(jsonObject: [
      "aroundLatLng": .string(Self.notreDame), "aroundRadius": 5000, "insideBoundingBox": "48.90,2.25,48.80,2.40",
    ])
    #expect(fromJSON.aroundRadius == .meters(5000) && fromJSON.insideBoundingBox == [[48.90, 2.25, 48.80, 2.40]])
    #expect(try Query(jsonObject: ["aroundRadius": "all"]).aroundRadius == .all)
  }

  @Test("New segments and deletions are searched by location too")
  func segments() throws {
    let index = try Self.index()
    try index.saveRecords([
      ["objectID": "bastille", "name": "store", "rank": 0, "_geoloc": ["lat": 48.8532, "lng": 2.3691]]
    ])
    index.deleteRecords(objectIDs: ["louvre"])
    let near = try index.search(
      Fixture.query("") {
        $0.aroundLatLng = Self.notreDame
        $0.aroundRadius = .meters(5_000)
      })
    #expect(Fixture.ids(near) == ["both", "bastille", "eiffel"])
  }
}
