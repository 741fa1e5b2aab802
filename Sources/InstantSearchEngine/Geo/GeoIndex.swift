/// The locations of a snapshot's records (`_geoloc`: `{lat, lng}` or an array of them), from its numeric
/// columns `_geoloc.lat` and `_geoloc.lng`, with a grid of cells of ``cellDegrees`` for area searches: an
/// around or box query reads the records of the cells its area covers, never every record.
final class GeoIndex: Sendable {
  /// The side of a grid cell, in degrees (about 11 km of latitude).
  static let cellDegrees = 0.1

  /// Each record's points: `starts[doc]..<starts[doc + 1]` in `points`.
  let starts: [UInt32]
  let points: [GeoPoint]
  /// The points in each cell, with their records (increasing; a record with two points in a cell is
  /// there twice), so that an area reads its cells' points in a row rather than each record's in turn.
  private let cells: [Int64: Cell]

  /// The points of one grid cell and their records.
  private struct Cell {
    var docs: [UInt32] = []
    var points: [GeoPoint] = []
  }

  init(snapshot: IndexSnapshot) {
    var starts: [UInt32] = [0]
    var points: [GeoPoint] = []
    var cells: [Int64: Cell] = [:]
    let latitudes = snapshot.numerics["_geoloc.lat"]
    let longitudes = snapshot.numerics["_geoloc.lng"]
    for doc in 0..<snapshot.recordCount {
      var lats: [Double] = []
      var lngs: [Double] = []
      latitudes?.forEachValue(doc) { lats.append($0) }
      longitudes?.forEachValue(doc) { lngs.append($0) }
      for (lat, lng) in zip(lats, lngs) where (-90...90).contains(lat) && (-180...180).contains(lng) {
        let point = GeoPoint(latitude: lat, longitude: lng)
        points.append(point)
        let key = Self.cell(latitude: lat, longitude: lng)
        cells[key, default: Cell()].docs.append(UInt32(doc))
        cells[key, default: Cell()].points.append(point)
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

  /// How many records (counted per cell) the cells `box` overlaps hold: what ``records(in:where:)`` reads.
  func candidateCount(in box: GeoBox) -> Int {
    let low = (Self.index(box.minLatitude), Self.index(box.minLongitude))
    let high = (Self.index(box.maxLatitude), Self.index(box.maxLongitude))
    if (high.0 - low.0 + 1) * (high.1 - low.1 + 1) > Int64(cells.count) { return points.count }
    var total = 0
    for lat in low.0...high.0 {
      for lng in low.1...high.1 { total += cells[lat << 32 | lng]?.docs.count ?? 0 }
    }
    return total
  }

  /// The records with a point that passes `test` in a cell `box` overlaps, increasing (`test` decides
  /// for points inside `box` and outside it alike).
  func records(in box: GeoBox, where test: (GeoPoint) -> Bool) -> [UInt32] {
    let low = (Self.index(box.minLatitude), Self.index(box.minLongitude))
    let high = (Self.index(box.maxLatitude), Self.index(box.maxLongitude))
    let cellCount = (high.0 - low.0 + 1) * (high.1 - low.1 + 1)
    var result: [UInt32] = []
    func take(_ cell: Cell) {
      for (doc, point) in zip(cell.docs, cell.points) where test(point) { result.append(doc) }
    }
    // A box covering more cells than there are occupied ones reads the occupied cells instead.
    if cellCount > Int64(cells.count) {
      for (key, cell) in cells {
        let (lat, lng) = (key >> 32, key & 0xFFFF_FFFF)
        if (low.0...high.0).contains(lat) && (low.1...high.1).contains(lng) { take(cell) }
      }
    } else {
      for lat in low.0...high.0 {
        for lng in low.1...high.1 {
          if let cell = cells[lat << 32 | lng] { take(cell) }
        }
      }
    }
    result.sort()
    var unique: [UInt32] = []
    unique.reserveCapacity(result.count)
    for doc in result where unique.last != doc { unique.append(doc) }
    return unique
  }

  /// The grid row or column of `degrees`. Areas reach past ±180 (a circle of a huge radius, a box's
  /// margin), so the angle is first clamped to ±400° (NaN, which callers refuse, to 0): every cell index, and
  /// the product of two spans, then stays far inside `Int64`.
  private static func index(_ degrees: Double) -> Int64 {
    let clamped = degrees.isNaN ? 0 : min(max(degrees, -400), 400)
    return Int64((clamped / cellDegrees).rounded(.down)) + 4096
  }

  private static func cell(latitude: Double, longitude: Double) -> Int64 {
    index(latitude) << 32 | index(longitude)
  }
}
