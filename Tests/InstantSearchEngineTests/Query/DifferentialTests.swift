import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// Random records and random filter strings over the whole grammar: the engine's nbHits and every facet
/// count must equal those of the deliberately naive evaluator below, which reads the records one by one.
@Suite("Differential: engine vs a naive evaluator")
struct DifferentialTests {
  struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
      state &+= 0x9E37_79B9_7F4A_7C15
      var value = state
      value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
      value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
      return value ^ (value >> 31)
    }
    mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func bool() -> Bool { next() & 1 == 1 }
    mutating func pick<T>(_ values: [T]) -> T { values[int(0..<values.count)] }
  }

  static let brands = ["Sony", "sony", "LG", "Apple", "Dates & Dried", "-80C", "Ünïcode"]
  static let colors = ["red", "Red", "blue", "green"]
  static let tags = ["sale", "Sale", "new", "eco"]
  static let facets = ["brand", "color", "size", "flag", "meta.kind"]

  static func record(_ id: Int, _ random: inout Generator) -> [String: JSON] {
    var record: [String: JSON] = ["objectID": .string("r\(id)")]
    if random.int(0..<5) > 0 { record["brand"] = .string(random.pick(brands)) }
    record["color"] = .array((0..<random.int(0..<3)).map { _ in .string(random.pick(colors)) })
    if random.bool() { record["size"] = .number(Double(random.int(0..<4)) * 2.5) }
    if random.int(0..<4) > 0 { record["price"] = .number(Double(random.int(0..<200)) / 4) }
    if random.bool() { record["flag"] = .bool(random.bool()) }
    if random.bool() { record["meta"] = ["kind": .string(random.pick(["a", "b", "10"]))] }
    record["_tags"] = .array((0..<random.int(0..<3)).map { _ in .string(random.pick(tags)) })
    if random.bool() { record["rating"] = .number(Double(random.int(1..<6))) }
    return record
  }

  /// One random atom as a filter and as text in one of its spellings.
  static func atom(_ kind: FilterKind, _ random: inout Generator) -> (Filter, String) {
    let not = random.int(0..<4) == 0
    let prefix = not ? "NOT " : ""
    switch kind {
    case .facet:
      let attribute = random.pick(facets + ["undeclared"])
      let value: Filter.Facet.ValueType
      switch attribute {
      case "size": value = .number(Double(random.int(0..<4)) * 2.5)
      case "flag": value = .bool(random.bool())
      case "meta.kind": value = .string(random.pick(["a", "B", "10"]))
      default: value = .string(random.pick(brands + colors))
      }
      let text: String
      switch value {
      case .string(let string):
        let escaped = string.replacingOccurrences(of: "\"", with: "\\\"")
        text = random.bool() ? "\(attribute):\"\(escaped)\"" : "\"\(attribute)\":'\(string)'"
      case .number(let number): text = "\(attribute):\(NumberRendering.render(number) ?? "0")"
      case .bool(let bool): text = "\(attribute):\(bool)"
      }
      return (.facet(.init(attribute: Attribute(attribute), value: value, isNegated: not)), prefix + text)
    case .numeric:
      let attribute = random.pick(["price", "size", "rating", "missing"])
      if random.bool() {
        let low = Double(random.int(0..<30))
        let high = low + Double(random.int(0..<30))
        return (
          .numeric(.init(attribute: Attribute(attribute), range: low...high, isNegated: not)),
          prefix + "\(attribute):\(Int(low)) TO \(Int(high))"
        )
      }
      let op = random.pick(Filter.Numeric.Operator.allCases)
      let value = Double(random.int(0..<50)) / 2
      let spacing = random.bool() ? " " : ""
      return (
        .numeric(.init(attribute: Attribute(attribute), operator: op, value: value, isNegated: not)),
        prefix + "\(attribute)\(spacing)\(op.rawValue)\(spacing)\(NumberRendering.render(value) ?? "0")"
      )
    case .tag:
      let tag = random.pick(tags)
      return (.tag(.init(value: tag, isNegated: not)), prefix + (random.bool() ? tag : "_tags:\(tag)"))
    }
  }

  static func expression(_ random: inout Generator) -> (clauses: [[Filter]], text: String) {
    var clauses: [[Filter]] = []
    var parts: [String] = []
    for _ in 0..<random.int(1..<4) {
      let kind = random.pick(FilterKind.allCases)
      var clause: [Filter] = []
      var texts: [String] = []
      for _ in 0..<random.int(1..<4) {
        let (filter, text) = atom(kind, &random)
        clause.append(filter)
        texts.append(text)
      }
      clauses.append(clause)
      let joined = texts.joined(separator: " OR ")
      parts.append(texts.count > 1 || random.bool() ? "(\(joined))" : joined)
    }
    return (clauses, parts.joined(separator: " AND "))
  }

  // MARK: - The naive evaluator

  static func values(_ record: [String: JSON], _ path: String) -> [JSON] {
    func flatten(_ value: JSON?) -> [JSON] {
      switch value {
      case .array(let elements)?: elements.flatMap { flatten($0) }
      case let value?: [value]
      case nil: []
      }
    }
    var current: [JSON] = [.object(record)]
    for component in path.split(separator: ".") {
      current = current.flatMap { flatten($0[String(component)]) }
    }
    return current
  }

  static func facetKey(_ value: JSON) -> String? {
    switch value {
    case .string(let string): string
    case .number(let number): Filter.Facet.ValueType.number(number).facetKey
    case .bool(let bool): bool ? "true" : "false"
    default: nil
    }
  }

  static func naiveMatches(_ filter: Filter, _ record: [String: JSON]) -> Bool {
    let positive: Bool
    switch filter {
    case .facet(let facet):
      let wanted = facet.value.facetKey.lowercased()
      positive =
        facets.contains(facet.attribute.rawValue)
        && values(record, facet.attribute.rawValue).contains { facetKey($0)?.lowercased() == wanted }
    case .tag(let tag):
      positive = values(record, "_tags").contains { $0 == .string(tag.value) }
    case .numeric(let numeric):
      let numbers = values(record, numeric.attribute.rawValue).compactMap(\.doubleValue)
      switch numeric.value {
      case .range(let range): positive = numbers.contains { range.contains($0) }
      case .comparison(let op, let value):
        switch op {
        case .lessThan: positive = numbers.contains { $0 < value }
        case .lessThanOrEqual: positive = numbers.contains { $0 <= value }
        case .equals: positive = numbers.contains { $0 == value }
        case .notEquals: positive = !numbers.contains { $0 == value }
        case .greaterThanOrEqual: positive = numbers.contains { $0 >= value }
        case .greaterThan: positive = numbers.contains { $0 > value }
        }
      }
    }
    return positive != filter.isNegated
  }

  @Test("nbHits and every facet count agree over 400 random filter expressions", arguments: [7, 2026])
  func differential(seed: Int) throws {
    var random = Generator(state: UInt64(seed))
    let records = (0..<300).map { Self.record($0, &random) }
    let index = try Fixture.index(records, settings: ["attributesForFaceting": .array(Self.facets.map(JSON.string))])
    for _ in 0..<200 {
      let (clauses, text) = Self.expression(&random)
      var query = Query()
      query.filters = text
      query.facets = Self.facets
      query.maxValuesPerFacet = 1000
      query.hitsPerPage = 0
      let response = try index.search(query)
      // The parser must read back the clauses the text was made from (a facet written `_tags:x` and a tag
      // are the same filter, so compare matches, not filter values).
      let matching = records.filter { record in
        clauses.allSatisfy { clause in clause.contains { Self.naiveMatches($0, record) } }
      }
      #expect(response.nbHits == matching.count, "\(text)")
      for facet in Self.facets {
        var counts: [String: Int] = [:]
        for record in matching {
          for key in Set(Self.values(record, facet).compactMap(Self.facetKey)) { counts[key, default: 0] += 1 }
        }
        #expect((response.facets[facet] ?? [:]) == counts, "\(facet) for \(text)")
      }
    }
  }

  @Test(
    "With distinct on brand: nbHits and after-distinct facet counts agree with a naive deduplication",
    arguments: [11, 2027])
  func differentialDistinct(seed: Int) throws {
    var random = Generator(state: UInt64(seed))
    let records = (0..<300).map { Self.record($0, &random) }
    let index = try Fixture.index(
      records,
      settings: [
        "attributesForFaceting": .array(Self.facets.map(JSON.string)), "attributeForDistinct": "brand",
      ])
    for _ in 0..<100 {
      let (clauses, text) = Self.expression(&random)
      let limit = random.int(1..<4)
      var query = Query()
      query.filters = text
      query.facets = Self.facets
      query.maxValuesPerFacet = 1000
      query.hitsPerPage = 1000
      query.distinct = limit
      query.facetingAfterDistinct = true
      let response = try index.search(query)
      // Without query words and custom ranking, records rank in the order they were saved: the first
      // `limit` of each brand are kept; records without a brand are each their own group.
      var seen: [String: Int] = [:]
      let kept = records.filter { record in
        guard clauses.allSatisfy({ clause in clause.contains { Self.naiveMatches($0, record) } }) else { return false }
        guard case .string(let brand)? = record["brand"] else { return true }
        seen[brand, default: 0] += 1
        return seen[brand, default: 0] <= limit
      }
      #expect(response.nbHits == kept.count, "distinct \(limit): \(text)")
      #expect(response.hits.map(\.objectID) == kept.map { $0["objectID"]?.stringValue ?? "" }, "\(text)")
      for facet in Self.facets {
        var counts: [String: Int] = [:]
        for record in kept {
          for key in Set(Self.values(record, facet).compactMap(Self.facetKey)) { counts[key, default: 0] += 1 }
        }
        #expect((response.facets[facet] ?? [:]) == counts, "\(facet) after distinct for \(text)")
      }
    }
  }

  /// The great-circle distance in meters, written independently of the engine's.
  static func meters(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.0 - a.0) * radians
    let dLng = (b.1 - a.1) * radians
    let h = pow(sin(dLat / 2), 2) + cos(a.0 * radians) * cos(b.0 * radians) * pow(sin(dLng / 2), 2)
    return 2 * 6_371_000 * asin(min(1, h.squareRoot()))
  }

  @Test(
    "With a geo area (around a point or inside a box) and filters: nbHits and facet counts agree", arguments: [5, 2028])
  func differentialGeo(seed: Int) throws {
    var random = Generator(state: UInt64(seed))
    var records = (0..<300).map { Self.record($0, &random) }
    var locations: [String: [(Double, Double)]] = [:]
    for index in records.indices where random.int(0..<6) > 0 {
      let points = (0..<random.int(1..<3)).map { _ in
        (Double(random.int(0..<1000)) / 100, Double(random.int(0..<1000)) / 100)
      }
      records[index]["_geoloc"] = .array(points.map { ["lat": .number($0.0), "lng": .number($0.1)] })
      locations[records[index]["objectID"]?.stringValue ?? ""] = points
    }
    let index = try Fixture.index(records, settings: ["attributesForFaceting": .array(Self.facets.map(JSON.string))])
    for _ in 0..<60 {
      let (clauses, text) = Self.expression(&random)
      var query = Query()
      query.filters = text
      query.facets = Self.facets
      query.maxValuesPerFacet = 1000
      query.hitsPerPage = 1000
      let inArea: ([(Double, Double)]) -> Bool
      if random.bool() {
        let center = (Double(random.int(0..<1000)) / 100, Double(random.int(0..<1000)) / 100)
        let radius = Double(random.int(1..<80)) * 10_000
        query.aroundLatLng = "\(center.0), \(center.1)"
        if random.int(0..<4) == 0 {
          // The automatic radius: fewer than its 1,000 nearest matches, so every located one.
          inArea = { points in !points.isEmpty }
        } else {
          query.aroundRadius = .meters(Int(radius))
          inArea = { points in points.contains { Self.meters(center, $0) <= radius } }
        }
      } else {
        let corners = (0..<4).map { _ in Double(random.int(0..<1000)) / 100 }
        query.insideBoundingBox = [corners]
        let (lat, lng) = (
          min(corners[0], corners[2])...max(corners[0], corners[2]),
          min(corners[1], corners[3])...max(corners[1], corners[3])
        )
        inArea = { points in points.contains { lat.contains($0.0) && lng.contains($0.1) } }
      }
      let response = try index.search(query)
      let matching = records.filter { record in
        clauses.allSatisfy { clause in clause.contains { Self.naiveMatches($0, record) } }
          && inArea(locations[record["objectID"]?.stringValue ?? ""] ?? [])
      }
      #expect(response.nbHits == matching.count, "\(query.aroundLatLng ?? "box") \(text)")
      #expect(Set(response.hits.map(\.objectID)) == Set(matching.compactMap { $0["objectID"]?.stringValue }))
      for facet in Self.facets {
        var counts: [String: Int] = [:]
        for record in matching {
          for key in Set(Self.values(record, facet).compactMap(Self.facetKey)) { counts[key, default: 0] += 1 }
        }
        #expect((response.facets[facet] ?? [:]) == counts, "\(facet) in the area for \(text)")
      }
    }
  }
}
