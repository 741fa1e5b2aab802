import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Facet columns of several values a record keep their value ids in the narrowest width that holds them,
/// in memory and in images: counts, filters and records read back must not depend on the width.
@Suite("Facet columns: value ids of multi-valued attributes")
struct FacetColumnTests {
  typealias Generator = DifferentialTests.Generator

  @Test("Arrays of few and of many distinct values: one- and two-byte ids, answers as in memory", arguments: [12, 700])
  func widths(distinct: Int) throws {
    var random = Generator(state: UInt64(distinct))
    let records: [[String: JSON]] = (0..<1_500).map { number in
      let labels = (0..<random.int(0..<4)).map { _ in JSON.string("l\(random.int(0..<distinct))") }
      return ["objectID": .string("r\(number)"), "name": "item", "labels": .array(labels)]
    }
    let settings: [String: JSON] = ["searchableAttributes": ["name"], "attributesForFaceting": ["labels"]]
    let memory = try Fixture.index(records, settings: settings)
    let folder = try ScratchFolder()
    let path = folder.file("labels")
    try RecordElisionTests.write(records, settings: settings, to: path)
    let index = try DurableIndex(directory: path, name: "products").index
    for segment in index.view.segments {
      let column = try #require(segment.snapshot.facets["labels"])
      switch (column.docValues, distinct < 255) {
      case (.bytes, true), (.shorts, false): break
      default: Issue.record("\(distinct) distinct values stored as \(column.docValues)")
      }
    }
    for filters in [nil, "labels:l3", "labels:l3 OR labels:l10", "NOT labels:l1"] as [String?] {
      let query = Fixture.query("item") {
        $0.filters = filters
        $0.facets = ["labels"]
        $0.maxValuesPerFacet = 1_000
        $0.hitsPerPage = 50
      }
      try Fixture.expectSameAnswer(query, from: index, as: memory, "\(filters ?? "")")
    }
    for record in records.prefix(200) {
      #expect(index.record(objectID: record["objectID"]?.stringValue ?? "") == record)
    }
  }
}
