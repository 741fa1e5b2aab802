import InstantSearchCore
import InstantSearchEngine
import Testing

/// A map that records what it is given, as a MapKit controller does with its annotations.
@MainActor
final class TestMapController<Record: Decodable & Sendable & Geolocated>: GeoHitsController, GeoSearchController {
  weak var hitsSource: HitsInteractor<Record>?
  var onSearchInRegion: ((BoundingBox) -> Void)?
  var onSearchAround: ((Point, Int?) -> Void)?
  var pins: [Point] = []
  var area: GeoSearchArea?

  func reload() { pins = hitsSource?.hits.flatMap(\.geolocation) ?? [] }
  func setArea(_ area: GeoSearchArea) { self.area = area }
}

@MainActor
@Suite("Geo search", .timeLimit(.minutes(2)))
struct GeoSearchTests {
  struct Store: Decodable, Sendable {
    let name: String
  }

  static func point(_ latitude: Double, _ longitude: Double) throws -> Point {
    try #require(Point(latitude: latitude, longitude: longitude))
  }

  /// Stores in Paris, Lyon and Marseille, one without a location.
  static func searcher() throws -> HitsSearcher {
    let index = LocalIndex(name: "stores", settings: try IndexSettings(json: ["searchableAttributes": ["name"]]))
    try index.saveRecords([
      ["objectID": "paris", "name": "Paris store", "_geoloc": ["lat": 48.8566, "lng": 2.3522]],
      ["objectID": "lyon", "name": "Lyon store", "_geoloc": ["lat": 45.764, "lng": 4.8357]],
      ["objectID": "marseille", "name": "Marseille store", "_geoloc": [["lat": 43.2965, "lng": 5.3698]]],
      ["objectID": "online", "name": "Online store"],
    ])
    return HitsSearcher(client: LocalSearchClient(indices: [index]), indexName: "stores")
  }

  @Test("The map drives the search: the visible region, then around the user; pins follow the hits")
  func driven() async throws {
    let searcher = try Self.searcher()
    let map = TestMapController<Hit<Store>>()
    let connector = GeoSearchConnector<Hit<Store>>(searcher: searcher, controller: map)
    searcher.search()
    await searcher.waitForResults()
    #expect(map.area == .anywhere && connector.hitsInteractor.hits.count == 4)
    // The south of France.
    let south = BoundingBox(northEast: try Self.point(46.5, 7), southWest: try Self.point(43, 3))
    map.onSearchInRegion?(south)
    await searcher.waitForResults()
    #expect(searcher.request.insideBoundingBox == [[46.5, 7, 43, 3]])
    #expect(Set(connector.hitsInteractor.hits.map(\.objectID)) == ["lyon", "marseille"])
    #expect(Set(map.pins) == [try Self.point(45.764, 4.8357), try Self.point(43.2965, 5.3698)])
    #expect(map.area == .inside(south))
    // Around a user near Paris, within 50 km.
    map.onSearchAround?(try Self.point(48.85, 2.35), 50_000)
    await searcher.waitForResults()
    #expect(searcher.request.aroundLatLng == "48.85,2.35" && searcher.request.insideBoundingBox == nil)
    #expect(connector.hitsInteractor.hits.map(\.objectID) == ["paris"])
    // A new query keeps the area.
    searcher.query = "store"
    searcher.search()
    await searcher.waitForResults()
    #expect(connector.hitsInteractor.hits.map(\.objectID) == ["paris"])
    connector.interactor.clearArea()
    await searcher.waitForResults()
    #expect(connector.hitsInteractor.hits.count == 4 && map.area == .anywhere)
  }

  @Test("The area is derived from the query at connect; an initial area is written when it holds none")
  func derivedAtConnect() throws {
    let searcher = try Self.searcher()
    searcher.request.aroundLatLng = "45.76, 4.83"
    searcher.request.aroundRadius = .meters(1_000)
    let interactor = GeoSearchInteractor()
    let connection = interactor.connectSearcher(searcher)
    #expect(interactor.area == .around(try Self.point(45.76, 4.83), radius: 1_000))
    connection.disconnect()
    let other = try Self.searcher()
    let box = BoundingBox(northEast: try Self.point(1, 1), southWest: try Self.point(0, 0))
    GeoSearchInteractor(area: .inside(box)).connectSearcher(other)
    #expect(other.request.insideBoundingBox == [[1, 1, 0, 0]])
  }

  @Test("Disconnecting undoes connecting: the map's callbacks are cleared, areas no longer reach the searcher")
  func disconnect() throws {
    let searcher = try Self.searcher()
    let interactor = GeoSearchInteractor()
    let searcherConnection = interactor.connectSearcher(searcher)
    let map = TestMapController<SearchHit>()
    let viewConnection = interactor.connectController(map)
    viewConnection.disconnect()
    #expect(map.onSearchInRegion == nil && map.onSearchAround == nil)
    searcherConnection.disconnect()
    interactor.searchAround(try Self.point(1, 2))
    #expect(searcher.request.aroundLatLng == nil && interactor.area == .around(try Self.point(1, 2), radius: nil))
  }

  @Test("Points: ranges checked, _geoloc as an object, an array or strings; unparsable query areas are anywhere")
  func points() throws {
    #expect(Point(latitude: 91, longitude: 0) == nil && Point(latitude: 0, longitude: -180.5) == nil)
    #expect(Point(latitude: .nan, longitude: 0) == nil)
    let hit = try SearchHit(object: [
      "objectID": "1", "_geoloc": [["lat": "10.5", "lng": 20], ["lat": 200, "lng": 0], "x"],
    ])
    #expect(hit.geolocation == [try Self.point(10.5, 20)])
    var query = Query()
    query.aroundLatLng = "91, 0"
    #expect(GeoSearchArea(query) == .anywhere)
    query.insideBoundingBox = [[1, 2, 3]]
    #expect(GeoSearchArea(query) == .anywhere)
  }

  @Test("Map regions and boxes: a region's box and back, a radius's box, clamped at the poles and the date line")
  func regions() throws {
    let paris = try Self.point(48.8566, 2.3522)
    let box = try #require(BoundingBox(center: paris, latitudeDelta: 0.2, longitudeDelta: 0.4))
    #expect(abs(box.northEast.latitude - 48.9566) < 1e-9 && abs(box.southWest.longitude - 2.1522) < 1e-9)
    #expect(abs(box.center.latitude - paris.latitude) < 1e-9 && abs(box.latitudeDelta - 0.2) < 1e-9)
    let circle = try #require(BoundingBox(around: paris, meters: 11_132))
    #expect(abs(circle.latitudeDelta - 0.2) < 1e-6)
    #expect(circle.longitudeDelta > circle.latitudeDelta, "a degree of longitude is shorter away from the equator")
    let pole = try #require(BoundingBox(center: try Self.point(89.9, 179.9), latitudeDelta: 1, longitudeDelta: 1))
    #expect(pole.northEast.latitude == 90 && pole.northEast.longitude == 180)
    #expect(BoundingBox(center: paris, latitudeDelta: 0, longitudeDelta: 1) == nil)
    #expect(BoundingBox(center: paris, latitudeDelta: .infinity, longitudeDelta: 1) == nil)
    #expect(BoundingBox(around: paris, meters: 0) == nil)
  }
}
