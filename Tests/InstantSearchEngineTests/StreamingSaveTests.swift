import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Saving a stream of records")
struct StreamingSaveTests {
  @Test("Records from a sequence are packed as they come; a bad one names its position and writes nothing")
  func streaming() throws {
    let index = LocalIndex(name: "i")
    try index.saveRecords(streaming: (1...3).lazy.map { ["objectID": .string("\($0)"), "n": .number(Double($0))] })
    #expect(index.recordCount == 3)
    #expect(throws: EngineError.invalidRecord(line: 2, reason: "a record needs a string objectID")) {
      try index.saveRecords(streaming: [["objectID": "4"], ["n": 1], ["objectID": "5"]])
    }
    #expect(index.recordCount == 3)
    #expect(index.record(objectID: "4") == nil)
  }
}
