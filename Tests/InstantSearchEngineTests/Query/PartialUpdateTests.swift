import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Partial updates: Algolia's built-in operations")
struct PartialUpdateTests {
  @Test("Increment, Decrement, IncrementFrom/Set, Add, AddUnique, Remove; plain values replace")
  func operations() {
    let record: [String: JSON] = ["objectID": "1", "stock": 5, "version": 3, "tags": ["a", "b"], "name": "x"]
    func op(_ name: String, _ value: JSON) -> JSON { ["_operation": .string(name), "value": value] }
    let updated = PartialUpdate.apply(
      [
        "stock": op("Decrement", 2), "views": op("Increment", 1), "version": op("IncrementSet", 2),
        "tags": op("AddUnique", "a"), "name": "y", "objectID": "other",
      ], to: record)
    #expect(updated["stock"] == 3 && updated["views"] == 1 && updated["version"] == 3)
    #expect(updated["tags"] == ["a", "b"] && updated["name"] == "y" && updated["objectID"] == "1")
    let more = PartialUpdate.apply(
      ["version": op("IncrementFrom", 7), "tags": op("Remove", "a"), "list": op("Add", 1)], to: updated)
    #expect(more["version"] == 7 && more["tags"] == ["b"] && more["list"] == [1])
  }

  @Test("A durable index applies them in a logged batch, after the writes before them")
  func inBatch() throws {
    let index = LocalIndex(name: "p")
    try index.apply([
      .save([["objectID": "1", "count": 1]]),
      .partialUpdate(
        objectID: "1", attributes: ["count": ["_operation": "Increment", "value": 4]], createIfNotExists: false),
    ])
    #expect(index.record(objectID: "1")?["count"] == 5)
    index.partialUpdate(objectID: "1", attributes: ["count": ["_operation": "Decrement", "value": 1]])
    #expect(index.record(objectID: "1")?["count"] == 4)
  }
}
