import Foundation
import Testing

@Suite("instantsearch import")
struct ImportCommandTests {
  @Test("An imported directory answers search exactly as the records file does, and opens again")
  func importThenSearch() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)").path
    defer {
      do { try FileManager.default.removeItem(atPath: directory) } catch { Issue.record("cleanup: \(error)") }
    }
    _ = try CLI.binary()
    let imported = try await CLI.run([
      "import", "--records", CLI.folder.appendingPathComponent("t.jsonl").path, "--settings",
      CLI.folder.appendingPathComponent("s.json").path, "--directory", directory, "--index", "t",
    ])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.contains("imported 30 records"))
    let requests = [CLI.line(#""query":"phone case 1","facets":["brand"]"#), CLI.line(#""query":"case""#)]
      .joined(separator: "\n")
    let fromFile = try await CLI.search(requests)
    let fromDirectory = try await CLI.run(
      ["search", "--records", directory, "--index", "t"], input: Array(requests.utf8))
    #expect(fromDirectory.status == 0, "\(fromDirectory.error)")
    let strip = { (text: String) in
      text.replacingOccurrences(of: #""processingTimeMS":\d+"#, with: "", options: .regularExpression)
    }
    #expect(strip(fromDirectory.output) == strip(fromFile.output))
    // Another index name is refused with the name found.
    let other = try await CLI.run(["search", "--records", directory, "--index", "other"], input: [])
    #expect(other.status != 0 && other.error.contains("\"t\""))
  }
}
