import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// Numbers from outside that used to stop the process when turned into grid cells or integers (issue 35):
/// each is refused with an error naming the parameter, or answered, never a trap.
@Suite("Hostile numbers")
struct HostileNumberTests {
  static let records: [[String: JSON]] = (0..<20).map { number in
    [
      "objectID": .string("\(number)"), "name": .string("cafe \(number)"),
      "_geoloc": ["lat": .number(48.8 + Double(number) / 100), "lng": .number(2.3)],
    ]
  }

  @Test(
    "Boxes and polygons out of range, NaN or infinite are 400s naming the parameter",
    arguments: [
      (["insideBoundingBox": [[1e300, 0, 1, 1]]], "insideBoundingBox latitude"),
      (["insideBoundingBox": [[-1e15, -1e15, 1e15, 1e15]]], "insideBoundingBox latitude"),
      (["insideBoundingBox": [[0, 0, 1, 181]]], "insideBoundingBox longitude"),
      (["params": "insideBoundingBox=nan,0,1,1"], "insideBoundingBox"),
      (["params": "insideBoundingBox=-inf,0,1,1"], "insideBoundingBox"),
      (["insideBoundingBox": "0,0,1,inf"], "insideBoundingBox"),
      (["insidePolygon": [[1e300, 1e300, 0, 0, 1, 1]]], "insidePolygon latitude"),
    ] as [([String: JSON], String)])
  func geoAreas(parameters: [String: JSON], named: String) throws {
    let index = try Fixture.index(Self.records)
    var message = ""
    do {
      _ = try index.search(try Query(jsonObject: parameters))
      message = "answered"
    } catch let error as ResponseDecodingError {
      message = error.description
    } catch let error as EngineError {
      message = error.description
    }
    #expect(message.hasPrefix(named), "\(message)")
  }

  @Test("A radius as large as an integer goes, around a valid point, finds every located record")
  func hugeRadius() throws {
    let index = try Fixture.index(Self.records)
    var query = Query("cafe")
    query.aroundLatLng = "48.8, 2.3"
    query.aroundRadius = .meters(Int.max)
    #expect(try index.search(query).nbHits == 20)
    query.aroundLatLng = "89.9, 179.9"
    #expect(try index.search(query).nbHits == 20)
  }

  @Test(
    "Integers that are not whole, finite or representable are decoding errors naming the parameter",
    arguments: [
      ["page": .number(.nan)], ["page": .number(.infinity)], ["hitsPerPage": 2.5], ["aroundPrecision": 1e300],
      ["distinct": "9223372036854775808"], ["params": "page=nan"],
    ] as [[String: JSON]])
  func integers(parameters: [String: JSON]) throws {
    let name = parameters.keys.first == "params" ? "page" : parameters.keys.first ?? ""
    #expect(throws: ResponseDecodingError.self) { try Query(jsonObject: parameters) }
    do {
      _ = try Query(jsonObject: parameters)
    } catch {
      #expect(error.path == name, "\(error)")
    }
  }

  @Test("CheckedNumber keeps values in range and names the parameter otherwise")
  func checked() throws {
    #expect(try CheckedNumber.integer(7, "maxFacetHits", in: 1...100) == 7)
    #expect(try CheckedNumber.integer(" 12 ", "page") == 12)
    #expect(
      throws: ResponseDecodingError(path: "maxFacetHits", message: "expected an integer from 1 to 100, found 1e+300")
    ) {
      try CheckedNumber.integer(1e300, "maxFacetHits", in: 1...100)
    }
    #expect(throws: ResponseDecodingError.self) { try CheckedNumber.latitude(.nan, "aroundLatLng") }
    #expect(try CheckedNumber.longitude(-180, "x") == -180)
  }
}

/// List parameters past their bounds are refused before any work (issue 35: 10,000 optional filters took a
/// minute per request, and a normal query waited behind them).
@Suite("Hostile lists")
struct HostileListTests {
  @Test(
    "Optional filters, attribute lists and geo areas past their bounds are 400s naming the parameter",
    arguments: [
      (["optionalFilters": .array((0..<1_001).map { .string("brand:b\($0)") })], "optionalFilters holds 1001 filters"),
      (["attributesToRetrieve": .array((0..<1_001).map { .string("a\($0)") })], "attributesToRetrieve holds 1001"),
      (["insideBoundingBox": .array((0..<1_001).map { _ in [0, 0, 1, 1] })], "insideBoundingBox holds 1001 boxes"),
      (["insidePolygon": [.array((0..<20_002).map { _ in 1 })]], "insidePolygon holds 10001 points"),
    ] as [([String: JSON], String)])
  func bounds(parameters: [String: JSON], message: String) throws {
    let index = try Fixture.index(HostileNumberTests.records)
    let query = try Query(jsonObject: parameters)
    #expect(Self.refusal { () throws(EngineError) in _ = try index.search(query) }.contains(message))
    #expect(
      Self.refusal { () throws(EngineError) in _ = try index.browse(query, offset: 0, count: 10) }.contains(message))
    var fits = parameters
    if case .array(let list)? = parameters["optionalFilters"] {
      fits["optionalFilters"] = .array(Array(list.prefix(1_000)))
    }
    if fits != parameters { #expect(throws: Never.self) { try index.search(try Query(jsonObject: fits)) } }
  }

  /// The message of the error `body` throws, or `answered`.
  static func refusal(_ body: () throws(EngineError) -> Void) -> String {
    do {
      try body()
      return "answered"
    } catch {
      return error.description
    }
  }
}
