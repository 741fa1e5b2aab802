import Foundation
import Testing

@Suite("bench reports the language tables a process read")
struct LanguageTablesTests {
  @Test("An index without language settings reads none; decompounding German reads its parts, no other language")
  func readOnDemand() async throws {
    let folder = try CommandErrorTests.scratch()
    defer { CommandErrorTests.remove(folder) }
    let records = [
      #"{"objectID":"1","name":"Bluetooth Kopfhörer"}"#, #"{"objectID":"2","name":"Kopf Hörer Ständer"}"#,
    ].joined(separator: "\n")
    try Data(records.utf8).write(to: URL(fileURLWithPath: folder + "/r.jsonl"))
    try Data(#"{"name":"W","requests":[{"indexName":"catalog","query":"hörer"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/w.jsonl"))
    try Data(#"{}"#.utf8).write(to: URL(fileURLWithPath: folder + "/plain.json"))
    try Data(#"{"decompoundedAttributes":{"de":["name"]},"queryLanguages":["de"]}"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/de.json"))
    func bench(_ settings: String) async throws -> (output: String, hits: String) {
      let outcome = try await CLI.run([
        "bench", "--records", folder + "/r.jsonl", "--settings", folder + "/" + settings, "--workloads",
        folder + "/w.jsonl", "--runs", "1",
      ])
      #expect(outcome.status == 0, "\(outcome.error)")
      let row = outcome.output.split(separator: "\n").first { $0.hasPrefix("W ") }.map(String.init) ?? ""
      return (outcome.output, row.split(separator: " ").last.map(String.init) ?? "")
    }
    let plain = try await bench("plain.json")
    #expect(plain.output.contains("language tables read: none"), "\(plain.output)")
    #expect(plain.hits == "1")
    let german = try await bench("de.json")
    let line = german.output.split(separator: "\n").first { $0.hasPrefix("language tables read:") } ?? ""
    #expect(line.hasPrefix("language tables read: de compound parts ("), "\(line)")
    #expect(line.components(separatedBy: " words, ").count == 2, "only German's table: \(line)")
    #expect(german.hits == "2")
  }
}
