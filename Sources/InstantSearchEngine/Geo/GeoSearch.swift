import InstantSearchModel

/// What a query asks of locations: an area records must lie in (`insideBoundingBox`, `insidePolygon`, or a
/// circle of `aroundRadius` around `aroundLatLng`), and the distance from `aroundLatLng` that ranks them
/// (the `geo` criterion, in steps of `aroundPrecision` meters).
///
/// As Algolia does, boxes and polygons replace the around circle as the area; with `aroundLatLng` the
/// records without a location never match. With `aroundRadius: all` every located record matches, nearest
/// first; without `aroundRadius` the circle's radius is drawn from the density of the matches around the
/// centre (``isAutomatic``, see `ViewSearch.applyAutomaticRadius`), at least `minimumAroundRadius`.
struct GeoSearch: Sendable {
  let center: GeoPoint?
  let radius: Double?
  /// Whether the circle's radius comes from the matches: a centre, no `aroundRadius`, no box or polygon.
  let isAutomatic: Bool
  /// The smallest automatic radius, in meters (`minimumAroundRadius`; 0 when not given).
  let minimumRadius: Double
  /// The precision's steps, by increasing start: from `start` meters on, steps of `value` meters, the first
  /// numbered `first` (so that the `geo` criterion never decreases with the distance).
  let steps: [(start: Double, value: Double, first: Double)]
  let boxes: [GeoBox]
  let polygons: [[GeoPoint]]
  /// The circle of `radius` around `center`, when both are given.
  let circle: GeoCircle?

  /// Whether distance ranks the hits (the `geo` criterion is in the index's `ranking`).
  let ranks: Bool

  /// The geo part of `query`, or `nil` when it has none; `ranks` off when the index's ranking leaves the
  /// `geo` criterion out.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` naming a parameter that does not read.
  init?(query: Query, ranks: Bool = true) throws(EngineError) {
    self.ranks = ranks
    var center: GeoPoint?
    if let text = query.aroundLatLng, !text.isEmpty {
      guard let point = Point(aroundLatLng: text) else {
        throw .invalidParameter("aroundLatLng must be \"latitude, longitude\" in degrees, got \"\(text)\"")
      }
      center = GeoPoint(latitude: point.latitude, longitude: point.longitude)
    }
    var boxes: [GeoBox] = []
    for list in query.insideBoundingBox ?? [] {
      guard list.count == 4 else {
        throw .invalidParameter("insideBoundingBox: each box is 4 numbers (lat1, lng1, lat2, lng2), got \(list.count)")
      }
      boxes.append(GeoBox(try Self.point(list, 0, "insideBoundingBox"), try Self.point(list, 2, "insideBoundingBox")))
    }
    var polygons: [[GeoPoint]] = []
    for list in query.insidePolygon ?? [] {
      guard list.count >= 6, list.count % 2 == 0 else {
        throw .invalidParameter("insidePolygon: each polygon is at least 3 points (6 numbers), got \(list.count)")
      }
      var polygon: [GeoPoint] = []
      for start in stride(from: 0, to: list.count, by: 2) {
        polygon.append(try Self.point(list, start, "insidePolygon"))
      }
      polygons.append(polygon)
    }
    guard center != nil || !boxes.isEmpty || !polygons.isEmpty else { return nil }
    self.center = center
    self.boxes = boxes
    self.polygons = polygons
    switch query.aroundRadius {
    case .meters(let meters)?:
      guard meters >= 1 else { throw .invalidParameter("aroundRadius must be at least 1 meter, got \(meters)") }
      radius = Double(meters)
    case .all?, nil: radius = nil
    }
    isAutomatic = center != nil && query.aroundRadius == nil && boxes.isEmpty && polygons.isEmpty
    if let minimum = query.minimumAroundRadius, minimum < 1 {
      throw .invalidParameter("minimumAroundRadius must be at least 1 meter, got \(minimum)")
    }
    minimumRadius = Double(query.minimumAroundRadius ?? 0)
    steps = try Self.steps(query)
    if let center, let radius { circle = GeoCircle(center: center, radius: radius) } else { circle = nil }
  }

  /// The point at `list[start]` (latitude) and `list[start + 1]` (longitude), each checked: a latitude
  /// outside −90…90 or a longitude outside −180…180 (NaN and ±inf among them) is refused, never turned
  /// into a grid cell.
  private static func point(_ list: [Double], _ start: Int, _ parameter: String) throws(EngineError) -> GeoPoint {
    do {
      return GeoPoint(
        latitude: try CheckedNumber.latitude(list[start], "\(parameter) latitude"),
        longitude: try CheckedNumber.longitude(list[start + 1], "\(parameter) longitude"))
    } catch {
      throw .invalidParameter(error.description)
    }
  }

  /// Whether the search ranks by distance (it has a centre).
  var ranksByDistance: Bool { center != nil && ranks }

  /// The distance from the centre to the nearest point of `doc`, in meters (`nil` without a centre or a
  /// location).
  func distance(_ doc: Int, in geo: GeoIndex) -> Double? {
    nearest(doc, in: geo)?.distance
  }

  /// The location of `doc` nearest the centre and its distance in meters (`nil` without a centre or a
  /// location): Algolia's `matchedGeoLocation`.
  func nearest(_ doc: Int, in geo: GeoIndex) -> (point: GeoPoint, distance: Double)? {
    guard let center else { return nil }
    var nearest: (point: GeoPoint, distance: Double)?
    for point in geo.points(of: doc) {
      let distance = center.distance(to: point)
      if distance < nearest?.distance ?? .infinity { nearest = (point, distance) }
    }
    return nearest
  }

  /// The records of `geo` in the area, increasing; without an area (a centre with `all`), every record
  /// with a location.
  func records(in geo: GeoIndex) -> [UInt32] {
    if !boxes.isEmpty || !polygons.isEmpty {
      var lists: [[UInt32]] = []
      for box in boxes {
        lists.append(geo.records(in: box, where: box.contains))
      }
      for polygon in polygons {
        let outline = GeoBox.enclosing(polygon)
        lists.append(geo.records(in: outline) { outline.contains($0) && $0.isInside(polygon) })
      }
      guard lists.count > 1 else { return lists.first ?? [] }
      return Array(Set(lists.joined())).sorted()
    }
    guard let center else { return [] }
    guard let radius else {
      return (0..<UInt32(geo.starts.count - 1)).filter { geo.hasLocation(Int($0)) }
    }
    let circle = GeoCircle(center: center, radius: radius)
    return geo.records(in: circle.box, where: circle.contains)
  }

  /// Whether record `doc` lies in the area (any record with a location when there is none).
  func contains(_ doc: Int, in geo: GeoIndex) -> Bool {
    let points = geo.points(of: doc)
    if !boxes.isEmpty || !polygons.isEmpty {
      return points.contains { point in
        boxes.contains { $0.contains(point) } || polygons.contains { point.isInside($0) }
      }
    }
    guard let circle else { return !points.isEmpty }
    return points.contains(where: circle.contains)
  }

  /// About how many records ``records(in:)`` reads: the records of the cells the area covers.
  func readCount(in geo: GeoIndex) -> Int {
    var boxes = self.boxes + polygons.map(GeoBox.enclosing)
    if boxes.isEmpty, let center, let radius { boxes = [.around(center, radius: radius)] }
    guard !boxes.isEmpty else { return geo.points.count }
    return boxes.reduce(0) { $0 + geo.candidateCount(in: $1) }
  }

  /// The records of `matches` (increasing; `nil`: every record not `excluded`) in the area: the matches
  /// checked one by one when they are fewer than an eighth of the points the grid would read, else the
  /// area's records intersected with them. A match's points are a random read, the grid's a sequential
  /// one: at 1M records, W1's 14,472 matches checked one by one took 2–4 ms, the 20,000 points of the
  /// cells of Paris a fraction of that.
  func filter(_ matches: [UInt32]?, excluded: Bitset?, in geo: GeoIndex) -> [UInt32] {
    if let matches, matches.count * 8 < readCount(in: geo) {
      return matches.filter { contains(Int($0), in: geo) }
    }
    return ViewSearch.intersect(records(in: geo), matches, excluded: excluded)
  }

  /// The `geo` criterion of `doc`: its distance in steps of the precision (0 without a centre).
  func bucket(_ doc: Int, in geo: GeoIndex) -> Int {
    guard ranks, let distance = distance(doc, in: geo) else { return 0 }
    let step = self.step(at: distance)
    return Int(min(step.first + ((distance - step.start) / step.value).rounded(.down), 1e12))
  }

  /// The precision at `distance` meters: the step of the range it falls in.
  func precision(at distance: Double) -> Double { step(at: distance).value }

  private func step(at distance: Double) -> (start: Double, value: Double, first: Double) {
    steps.last { $0.start <= distance } ?? steps[0]
  }

  /// The steps of `query`'s precision: one step of `aroundPrecision` (1 by default) from 0, or its ranges.
  ///
  /// - Throws: ``EngineError/invalidParameter(_:)`` for a range starting below 0 or a step below 1 meter.
  private static func steps(_ query: Query) throws(EngineError) -> [(start: Double, value: Double, first: Double)] {
    guard let ranges = query.aroundPrecisionRanges, !ranges.isEmpty else {
      return [(0, Double(max(query.aroundPrecision ?? 1, 1)), 0)]
    }
    var steps: [(start: Double, value: Double, first: Double)] = []
    for range in ranges.sorted(by: { $0.from < $1.from }) {
      guard range.from >= 0, range.value >= 1 else {
        throw .invalidParameter(
          "aroundPrecision ranges need from >= 0 and value >= 1 meters, got from \(range.from), value \(range.value)")
      }
      // The first range counts from 0; each next one starts after the last step of the one before.
      guard let last = steps.last else {
        steps.append((0, Double(range.value), 0))
        continue
      }
      let start = Double(range.from)
      steps.append((start, Double(range.value), last.first + ((start - last.start) / last.value).rounded(.up)))
    }
    return steps
  }
}

extension GeoBox {
  /// The smallest box holding every point of `points`.
  static func enclosing(_ points: [GeoPoint]) -> GeoBox {
    var box = GeoBox(points[0], points[0])
    for point in points {
      box.minLatitude = min(box.minLatitude, point.latitude)
      box.maxLatitude = max(box.maxLatitude, point.latitude)
      box.minLongitude = min(box.minLongitude, point.longitude)
      box.maxLongitude = max(box.maxLongitude, point.longitude)
    }
    return box
  }
}

extension IndexSnapshot {
  /// The records' locations, built from the `_geoloc` columns on first use and kept.
  var geoIndex: GeoIndex {
    if let known = geoMemo.withLock({ $0 }) { return known }
    let built = GeoIndex(snapshot: self)
    geoMemo.withLock { $0 = built }
    return built
  }
}
