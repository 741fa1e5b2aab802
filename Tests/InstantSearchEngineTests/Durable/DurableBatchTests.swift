import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Durable index: batches as one change")
struct DurableBatchTests {
  @Test("write(contentsOf:) publishes one view for the whole batch and survives reopening; a bad record refuses it all")
  func batch() throws {
    let folder = try ScratchFolder()
    do {
      let durable = try DurableIndex(directory: folder.path, name: "p")
      try durable.saveRecords([["objectID": "old", "n": 1]])
      let before = durable.index.view
      try durable.write(contentsOf: [
        .save([["objectID": "a", "n": 2]]), .delete(["old"]),
        .partialUpdate(
          objectID: "a", attributes: ["n": ["_operation": "Increment", "value": 1]], createIfNotExists: false),
      ])
      // One new view after `before`: the batch was published at once.
      #expect(durable.index.view !== before)
      #expect(durable.index.record(objectID: "a")?["n"] == 3 && durable.index.record(objectID: "old") == nil)
      #expect(throws: EngineError.self) {
        try durable.write(contentsOf: [.save([["objectID": "b"]]), .save([["name": "no id"]])])
      }
      #expect(durable.index.record(objectID: "b") == nil)
    }
    let reopened = try DurableIndex(directory: folder.path, name: "p")
    #expect(reopened.index.record(objectID: "a")?["n"] == 3 && reopened.index.recordCount == 1)
  }
}
