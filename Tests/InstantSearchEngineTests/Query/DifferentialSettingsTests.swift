import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

/// The differential test of filters (``DifferentialTests``) under settings that change what matches.
@Suite("Differential: filters under numericAttributesForFiltering")
struct DifferentialSettingsTests {
  typealias Generator = DifferentialTests.Generator

  /// The settings tried: every attribute, two listed, one equality-only, numeric filtering off.
  static let lists: [[String]] = [
    [], ["price", "rating"], ["price", "equalOnly(rating)"], ["_no_numeric_attributes_"],
  ]

  /// Whether `filter` may compare its attribute under `list` (Algolia's rule, written again here).
  static func allowed(_ filter: Filter, _ list: [String]) -> Bool {
    guard case .numeric(let numeric) = filter, !list.isEmpty else { return true }
    let path = numeric.attribute.rawValue
    let equality: Bool
    switch numeric.value {
    case .comparison(.equals, _), .comparison(.notEquals, _): equality = true
    default: equality = false
    }
    return list.contains(path) || equality && list.contains("equalOnly(\(path))")
  }

  /// The naive answer for `filter` on `record`: a comparison the list does not allow reads as one on an
  /// attribute the record does not have.
  static func matches(_ filter: Filter, _ record: [String: JSON], list: [String]) -> Bool {
    guard !allowed(filter, list), case .numeric(let numeric) = filter else {
      return DifferentialTests.naiveMatches(filter, record)
    }
    var stripped = record
    stripped[numeric.attribute.rawValue] = nil
    return DifferentialTests.naiveMatches(filter, stripped)
  }

  @Test("nbHits agree with a naive evaluator over random filter expressions", arguments: [11, 2027])
  func numericFiltering(seed: Int) throws {
    var random = Generator(state: UInt64(seed))
    let records = (0..<300).map { DifferentialTests.record($0, &random) }
    for list in Self.lists {
      let index = try Fixture.index(
        records,
        settings: [
          "attributesForFaceting": .array(DifferentialTests.facets.map(JSON.string)),
          "numericAttributesForFiltering": .array(list.map(JSON.string)),
        ])
      for _ in 0..<80 {
        let (clauses, text) = DifferentialTests.expression(&random)
        var query = Query()
        query.filters = text
        query.hitsPerPage = 0
        let matching = records.filter { record in
          clauses.allSatisfy { clause in clause.contains { Self.matches($0, record, list: list) } }
        }
        #expect(try index.search(query).nbHits == matching.count, "\(list): \(text)")
      }
    }
  }
}
