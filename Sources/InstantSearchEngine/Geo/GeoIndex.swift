/// The locations of a snapshot's records (`_geoloc`: `{lat, lng}` or an array of them), from its numeric
/// columns `_geoloc.lat` and `_geoloc.lng`, with a grid of cells of ``cellDegrees`` for area searches: an
/// around or box query reads the records of the cells its area covers, never every record.
final class GeoIndex: Sendable {
  /// The side of a grid cell, in degrees (about 11 km of latitude).
  static let cellDegrees = 0.1

  /// Each record's points: `starts[doc]..<starts[doc + 1]` in `points`.
  let starts: [UInt32]
  let points: [GeoPoint]
  /// The records with a point in each cell, increasing.
  private let cells: [Int64: [UInt32]]

  init(snapshot: IndexSnapshot) {
    var starts: [UInt32] = [0]
    var points: [GeoPoint] = []
    var cells: [Int64: [UInt32]] = [:]
    let latitudes = snapshot.numerics["_geoloc.lat"]
    let longitudes = snapshot.numerics["_geoloc.lng"]
    for doc in 0..<snapshot.recordCount {
      var lats: [Double] = []
      var lngs: [Double] = []
      latitudes?.forEachValue(doc) { lats.append($0) }
      longitudes?.forEachValue(doc) { lngs.append($0) }
      for (lat, lng) in zip(lats, lngs) where (-90...90).contains(lat) && (-180...180).contains(lng) {
        points.append(GeoPoint(latitude: lat, longitude: lng))
        let key = Self.cell(latitude: lat, longitude: lng)
        if cells[key]?.last != UInt32(doc) { cells[key, default: []].append(UInt32(doc)) }
      }
      starts.append(UInt32(points.count))
    }
    self.starts = starts
    self.points = points
    self.cells = cells
  }

  /// The points of record `doc`.
  func points(of doc: Int) -> ArraySlice<GeoPoint> {
    points[Int(starts[doc])..<Int(starts[doc + 1])]
  }

  /// Whether record `doc` has a location.
  func hasLocation(_ doc: Int) -> Bool { starts[doc] < starts[doc + 1] }

  /// How many records (counted per cell) the cells `box` overlaps hold: what ``candidates(in:)`` would read.
  func candidateCount(in box: GeoBox) -> Int {
    let low = (Self.index(box.minLatitude), Self.index(box.minLongitude))
    let high = (Self.index(box.maxLatitude), Self.index(box.maxLongitude))
    if (high.0 - low.0 + 1) * (high.1 - low.1 + 1) > Int64(cells.count) { return points.count }
    var total = 0
    for lat in low.0...high.0 {
      for lng in low.1...high.1 { total += cells[lat << 32 | lng]?.count ?? 0 }
    }
    return total
  }

  /// The records with a point in a cell `box` overlaps, increasing (each point still to be checked).
  func candidates(in box: GeoBox) -> [UInt32] {
    let low = (Self.index(box.minLatitude), Self.index(box.minLongitude))
    let high = (Self.index(box.maxLatitude), Self.index(box.maxLongitude))
    let cellCount = (high.0 - low.0 + 1) * (high.1 - low.1 + 1)
    // A box covering more cells than there are occupied ones reads the occupied cells instead.
    var result: [UInt32] = []
    if cellCount > Int64(cells.count) {
      for (key, docs) in cells {
        let (lat, lng) = (key >> 32, key & 0xFFFF_FFFF)
        if (low.0...high.0).contains(lat) && (low.1...high.1).contains(lng) { result += docs }
      }
    } else {
      for lat in low.0...high.0 {
        for lng in low.1...high.1 { result += cells[lat << 32 | lng] ?? [] }
      }
    }
    result.sort()
    var unique: [UInt32] = []
    unique.reserveCapacity(result.count)
    for doc in result where unique.last != doc { unique.append(doc) }
    return unique
  }

  private static func index(_ degrees: Double) -> Int64 {
    Int64((degrees / cellDegrees).rounded(.down)) + 4096
  }

  private static func cell(latitude: Double, longitude: Double) -> Int64 {
    index(latitude) << 32 | index(longitude)
  }
}
