import Foundation
import Testing

@Suite("instantsearch suggestions build")
struct SuggestionsCommandTests {
  @Test("A log becomes a suggestions index directory that search answers from; dead ends are left out")
  func build() async throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent("suggestions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    defer {
      do { try FileManager.default.removeItem(at: base) } catch { Issue.record("cleanup: \(error)") }
    }
    let log = base.appendingPathComponent("queries.log")
    try Data("phone case\nPhone  case\nphone\nphone\nlaptop\nlaptop\n{\"query\":\"case 12\",\"count\":3}\n".utf8)
      .write(to: log)
    let directory = base.appendingPathComponent("index").path
    _ = try CLI.binary()
    let built = try await CLI.run([
      "suggestions", "build", "--log", log.path, "--records", CLI.folder.appendingPathComponent("t.jsonl").path,
      "--settings", CLI.folder.appendingPathComponent("s.json").path, "--index", "t", "--directory", directory,
      "--name", "t_suggestions",
    ])
    #expect(built.status == 0, "\(built.error)")
    #expect(built.output.contains("3 suggestions"))
    let answer = try await CLI.run(
      ["search", "--records", directory, "--index", "t_suggestions"],
      input: Array(#"{"requests":[{"indexName":"t_suggestions","query":""}]}"#.utf8))
    #expect(answer.status == 0, "\(answer.error)")
    // By popularity, then fewer words: "case 12" (3), "phone" (2), "phone case" (2); "laptop" finds
    // nothing in t.
    let order = ["case 12", "phone", "phone case"].compactMap { answer.output.range(of: "\"query\":\"\($0)\"") }
    #expect(order.count == 3 && zip(order, order.dropFirst()).allSatisfy { $0.lowerBound < $1.lowerBound })
    #expect(!answer.output.contains("laptop"))
    // Exactly one destination.
    let refused = try await CLI.run(["suggestions", "build", "--log", log.path])
    #expect(refused.status != 0 && refused.error.contains("--directory"))
  }
}
