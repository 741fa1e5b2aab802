import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// The circle test decides every point as the great-circle distance does.
@Suite("Geo circle")
struct GeoCircleTests {
  @Test("random centres, radii and points, some on the circle itself: the same answer as the distance")
  func sameAsDistance() {
    var random = DifferentialTests.Generator(state: 11)
    func uniform(_ low: Double, _ high: Double) -> Double {
      low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
    }
    var inside = 0
    var outside = 0
    for _ in 0..<400 {
      let center = GeoPoint(latitude: uniform(-89, 89), longitude: uniform(-179, 179))
      let radius = [uniform(1, 100), uniform(100, 50_000), uniform(50_000, 3_000_000), 25_000_000][random.int(0..<4)]
      let circle = GeoCircle(center: center, radius: radius)
      for _ in 0..<100 {
        let bearing = uniform(0, 2 * .pi)
        // Within a millionth of the radius of the circle, or anywhere up to three radii out.
        let distance = random.bool() ? radius * uniform(1 - 1e-6, 1 + 1e-6) : radius * uniform(0, 3)
        let (lat, lng) = GeoSearchTests.destination(
          latitude: center.latitude, longitude: center.longitude, distance: distance, bearing: bearing)
        guard (-90...90).contains(lat), (-180...180).contains(lng) else { continue }
        let point = GeoPoint(latitude: lat, longitude: lng)
        let expected = center.distance(to: point) <= radius
        #expect(circle.contains(point) == expected, "\(center) \(radius) m, \(point)")
        if expected { inside += 1 } else { outside += 1 }
      }
    }
    #expect(inside > 10_000)
    #expect(outside > 10_000)
  }

  @Test("an area's records among matches: checked one by one or read from the grid, the same records")
  func filterBothWays() throws {
    var random = DifferentialTests.Generator(state: 23)
    func uniform(_ low: Double, _ high: Double) -> Double {
      low + (high - low) * Double(random.next() >> 11) / Double(1 << 53)
    }
    // 3,000 records around three cities, some with two locations, some with none.
    let records: [[String: JSON]] = (0..<3_000).map { number in
      let (lat, lng) = [(48.85, 2.35), (45.76, 4.83), (60.0, 10.0)][random.int(0..<3)]
      let point: JSON = ["lat": .number(lat + uniform(-0.4, 0.4)), "lng": .number(lng + uniform(-0.6, 0.6))]
      var record: [String: JSON] = ["objectID": .string("r\(number)"), "name": "store"]
      switch random.int(0..<5) {
      case 0: break
      case 1: record["_geoloc"] = [point, ["lat": .number(lat), "lng": .number(lng)]]
      default: record["_geoloc"] = point
      }
      return record
    }
    let snapshot = try Fixture.index(records, settings: [:]).snapshot
    let geo = snapshot.geoIndex
    var checked = 0
    for round in 0..<60 {
      let query = Fixture.query("") {
        switch round % 3 {
        case 0:
          $0.aroundLatLng = "48.85, 2.35"
          $0.aroundRadius = .meters(Int(uniform(1_000, 60_000)))
        case 1: $0.insideBoundingBox = [[45.5, 4.5, 46.0 + uniform(0, 0.3), 5.0]]
        default: $0.insidePolygon = [[59.8, 9.7, 60.3, 10.0, 59.9, 10.4 + uniform(0, 0.2)]]
        }
      }
      guard let search = try GeoSearch(query: query) else {
        Issue.record("round \(round): no geo search")
        continue
      }
      let area = search.records(in: geo)
      for size in [5, 40, 400, 2_500] {
        let matches = (0..<UInt32(snapshot.recordCount)).filter { _ in random.int(0..<3_000) < size }
        let oneByOne = matches.filter { search.contains(Int($0), in: geo) }
        #expect(search.filter(matches, excluded: nil, in: geo) == oneByOne, "round \(round), \(size)")
        #expect(ViewSearch.intersect(area, matches, excluded: nil) == oneByOne, "round \(round), \(size)")
        checked += oneByOne.count
      }
    }
    #expect(checked > 5_000)
  }
}
