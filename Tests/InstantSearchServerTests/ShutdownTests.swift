import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchServer
import Testing

@Suite("serve: data directory and shutdown", .timeLimit(.minutes(1)))
struct ShutdownTests {
  @Test("Writes land in the data directory; stopping the server commits them into segments")
  func commitsAtShutdown() async throws {
    let data = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)").path
    defer {
      do { try FileManager.default.removeItem(atPath: data) } catch { Issue.record("cleanup: \(error)") }
    }
    try await RunningServer.with(store: try IndexStore(directory: data)) { server in
      let batch = (0..<50).map { #"{"action":"addObject","body":{"objectID":"\#($0)","name":"item \#($0)"}}"# }
      let answer = try await server.call(
        "POST", "/1/indexes/my%20items/batch", #"{"requests":["# + batch.joined(separator: ",") + "]}")
      #expect(answer.status == 200)
    }
    // The index's folder holds a committed segment, and a new store finds the index by its name.
    let folder = try #require(try FileManager.default.contentsOfDirectory(atPath: data).first)
    #expect(try FileManager.default.contentsOfDirectory(atPath: data + "/" + folder).contains { $0.hasSuffix(".seg") })
    let reopened = try IndexStore(directory: data)
    #expect(reopened.indexNames == ["my items"])
    #expect(reopened.index(named: "my items")?.recordCount == 50)
  }
}
