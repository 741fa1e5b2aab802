import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Geo search: the automatic radius and minimumAroundRadius")
struct AutomaticRadiusTests {
  /// 1,500 stores due north of (0, 0), store `n` at `n × 100 + 50` meters; odd ones tagged `odd`.
  static func records(_ range: Range<Int> = 0..<1_500) -> [[String: JSON]] {
    range.map { n in
      let latitude = (Double(n) * 100 + 50) / 6_371_000 * 180 / .pi
      return [
        "objectID": .string("s\(n)"), "name": "store", "tag": n % 2 == 1 ? "odd" : "even",
        "_geoloc": ["lat": .number(latitude), "lng": 0],
      ]
    }
  }

  static func index() throws -> LocalIndex {
    try Fixture.index(records(), settings: ["attributesForFaceting": ["tag"]])
  }

  static func around(_ text: String = "", filters: String? = nil, _ configure: (inout Query) -> Void = { _ in })
    -> Query
  {
    Fixture.query(text, filters: filters) { query in
      query.aroundLatLng = "0, 0"
      query.hitsPerPage = 1_000
      configure(&query)
    }
  }

  @Test("Without aroundRadius the circle holds the 1,000 nearest matches; automaticRadius is its radius in meters")
  func nearestThousand() throws {
    let response = try Self.index().search(Self.around())
    #expect(response.nbHits == 1_000)
    #expect(Fixture.ids(response) == (0..<1_000).map { "s\($0)" })
    // The 1,000th nearest is s999, 99,950 m away (within a meter: the haversine of a float latitude).
    let radius = try #require(response.automaticRadius.flatMap(Int.init))
    #expect((99_950...99_951).contains(radius))
  }

  @Test("The radius follows the density of the matches, not of the records: a filter widens it")
  func densityOfMatches() throws {
    let index = try Self.index()
    // 750 odd stores: fewer than 1,000, so every one is in, and the radius reaches the farthest.
    let odd = try index.search(Self.around(filters: "tag:odd"))
    #expect(odd.nbHits == 750)
    #expect(odd.automaticRadius.flatMap(Int.init).map { (149_950...149_951).contains($0) } == true)
    // A text query matching no record draws no circle.
    let none = try index.search(Self.around("nothingmatches"))
    #expect(none.nbHits == 0)
    #expect(none.automaticRadius == nil)
  }

  @Test("minimumAroundRadius widens a small automatic circle and never narrows one")
  func minimum() throws {
    let index = try Self.index()
    let wider = try index.search(Self.around { $0.minimumAroundRadius = 120_000 })
    #expect(wider.nbHits == 1_200)
    #expect(wider.automaticRadius == "120000")
    let smaller = try index.search(Self.around { $0.minimumAroundRadius = 10 })
    #expect(smaller.nbHits == 1_000)
  }

  @Test("aroundRadius (meters or all) and an area replace the automatic radius; minimumAroundRadius then does nothing")
  func explicitRadius() throws {
    let index = try Self.index()
    let meters = try index.search(
      Self.around {
        $0.aroundRadius = .meters(20_000)
        $0.minimumAroundRadius = 120_000
      })
    #expect(meters.nbHits == 200)
    #expect(meters.automaticRadius == nil)
    let all = try index.search(Self.around { $0.aroundRadius = .all })
    #expect(all.nbHits == 1_500)
    #expect(all.automaticRadius == nil)
    var box = Query("")
    box.insideBoundingBox = [[-2, -1, 2, 1]]
    box.aroundLatLng = "0, 0"
    #expect(try index.search(box).nbHits == 1_500)
  }

  @Test("Across segments the circle holds the 1,000 nearest of all of them")
  func segments() throws {
    let index = LocalIndex(name: "stores", settings: try IndexSettings(json: ["attributesForFaceting": ["tag"]]))
    // Three saves, three segments, each spread over the whole line.
    let records = Self.records()
    for part in 0..<3 { try index.saveRecords(records.enumerated().filter { $0.offset % 3 == part }.map(\.element)) }
    let response = try index.search(Self.around())
    #expect(response.nbHits == 1_000)
    #expect(Set(Fixture.ids(response)) == Set((0..<1_000).map { "s\($0)" }))
  }

  @Test("A minimumAroundRadius below 1 meter is refused, naming it")
  func refused() throws {
    #expect {
      try Self.index().search(Self.around { $0.minimumAroundRadius = 0 })
    } throws: { error in
      "\(error)".contains("minimumAroundRadius")
    }
  }
}
