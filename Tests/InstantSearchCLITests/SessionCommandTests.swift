import Foundation
import Testing

@Suite("instantsearch session")
struct SessionCommandTests {
  private func script(_ steps: String) throws -> String {
    let file = CLI.folder.appendingPathComponent("session-\(UUID().uuidString).json")
    let text = #"{"hitsPerPage":3,"refinementLists":[{"attribute":"brand","operator":"or"}],"steps":[\#(steps)]}"#
    try Data(text.utf8).write(to: file)
    return file.path
  }

  private func play(_ steps: String) async throws -> (status: Int32, lines: [[String: Any]], error: String) {
    _ = try CLI.binary()
    let outcome = try await CLI.run([
      "session", "--records", CLI.folder.appendingPathComponent("t.jsonl").path, "--settings",
      CLI.folder.appendingPathComponent("s.json").path, "--index", "t", "--script", try script(steps),
    ])
    let lines = try outcome.output.split(separator: "\n").map { line in
      try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }
    return (outcome.status, lines, outcome.error)
  }

  @Test("Typing and clicking a disjunctive list: each step prints the hits and the counts the list shows")
  func playsSteps() async throws {
    let played = try await play(
      #"{"action":"type","text":"phone"},{"action":"toggle","attribute":"brand","value":"b1"},"#
        + #"{"action":"toggle","attribute":"brand","value":"b2"},{"action":"clearQuery"}"#)
    #expect(played.status == 0, "\(played.error)")
    try #require(played.lines.count == 4)
    #expect(played.lines[0]["query"] as? String == "phone")
    #expect(played.lines[0]["nbHits"] as? Int == 30)
    #expect((played.lines[0]["hits"] as? [String])?.count == 3)
    // One brand refined: its hits only, and every brand's count still shown (a disjunctive list).
    #expect(played.lines[1]["nbHits"] as? Int == 10)
    let counts = try #require((played.lines[1]["facets"] as? [String: Any])?["brand"] as? [String: Int])
    #expect(counts == ["b0": 10, "b1": 10, "b2": 10])
    #expect(played.lines[2]["nbHits"] as? Int == 20)
    #expect(played.lines[3]["query"] as? String == "" && played.lines[3]["nbHits"] as? Int == 20)
  }

  @Test("A script with an unknown action or a list the page lacks fails with a message that names it")
  func refusesBadScripts() async throws {
    let unknown = try await play(#"{"action":"swipe"}"#)
    #expect(unknown.status != 0 && unknown.error.contains("unknown action \"swipe\""))
    let missing = try await play(#"{"action":"toggle","attribute":"color","value":"red"}"#)
    #expect(missing.status != 0 && missing.error.contains("no refinement list on color"))
    let noSource = try await CLI.run(["session", "--index", "t", "--script", try script("")])
    #expect(noSource.status != 0 && noSource.error.contains("--records or --app-id"))
  }
}
