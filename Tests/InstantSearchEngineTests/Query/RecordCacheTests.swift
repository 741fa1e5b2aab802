import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Hits reuse the records the snapshot unpacked for the searches before, never across a write, and the
/// cache never holds more than its capacity.
@Suite("Record cache")
struct RecordCacheTests {
  static func records(_ count: Int) -> [[String: JSON]] {
    (0..<count).map { number in
      [
        "objectID": .string("r\(number)"), "name": .string("phone case \(number)"), "price": .number(Double(number)),
        "tags": .array([.string("t\(number % 3)")]), "spec": .object(["size": .number(Double(number % 7))]),
      ]
    }
  }

  @Test("a record is unpacked once, then served from its slot; another record of the slot replaces it")
  func slots() {
    let cache = RecordCache()
    var unpacked: [Int] = []
    func record(_ doc: Int) -> [String: JSON] {
      cache.record(doc) {
        unpacked.append(doc)
        return ["objectID": .string("r\(doc)")]
      }
    }
    #expect(record(3) == ["objectID": "r3"])
    #expect(record(3) == ["objectID": "r3"])
    #expect(unpacked == [3])
    let sameSlot = 3 + RecordCache.capacity
    #expect(record(sameSlot) == ["objectID": .string("r\(sameSlot)")], "never the other record of the slot")
    #expect(record(3) == ["objectID": "r3"])
    #expect(unpacked == [3, sameSlot, 3])
    for doc in 0..<RecordCache.capacity * 3 { _ = record(doc) }
    #expect(cache.count == RecordCache.capacity)
  }

  @Test("hits served again are the records as stored, whatever the hits before them added")
  func hitsAgain() throws {
    let index = try Fixture.index(Self.records(40), settings: ["searchableAttributes": ["name"]])
    let query = Fixture.query("phone") { $0.hitsPerPage = 40 }
    let first = try index.search(query)
    let second = try index.search(query)
    #expect(first.hits.map(\.object) == second.hits.map(\.object))
    for hit in second.hits {
      var expected = index.record(objectID: hit.objectID) ?? [:]
      expected["_highlightResult"] = hit.object["_highlightResult"]
      #expect(hit.object == expected)
      #expect(index.snapshot.record(Int(index.snapshot.doc(for: hit.objectID) ?? -1))["_highlightResult"] == nil)
    }
  }

  @Test("after a write, hits show the records as written")
  func writes() throws {
    let index = try Fixture.index(Self.records(10), settings: ["searchableAttributes": ["name"]])
    let query = Fixture.query("case") { $0.filters = "price = 4" }
    #expect(try index.search(query).hits.first?.object["name"] == "phone case 4")
    index.partialUpdate(objectID: "r4", attributes: ["name": "phone case four"])
    #expect(try index.search(query).hits.first?.object["name"] == "phone case four")
    try index.saveRecords([["objectID": "r4", "name": "case, replaced", "price": 4]])
    let replaced = try index.search(query).hits.first?.object
    #expect(replaced?["name"] == "case, replaced")
    #expect(replaced?["tags"] == nil)
  }
}
