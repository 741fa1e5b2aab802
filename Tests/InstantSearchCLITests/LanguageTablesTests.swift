import Foundation
import Testing

@Suite("bench reports the language tables a process read")
struct LanguageTablesTests {
  @Test(
    "An index without language settings reads none; decompounding German reads its parts, transliterating Japanese its readings"
  )
  func readOnDemand() async throws {
    let folder = try CommandErrorTests.scratch()
    defer { CommandErrorTests.remove(folder) }
    let records = [
      #"{"objectID":"1","name":"Bluetooth Kopfhörer"}"#, #"{"objectID":"2","name":"Kopf Hörer Ständer"}"#,
      #"{"objectID":"3","name":"腕時計"}"#,
    ].joined(separator: "\n")
    try Data(records.utf8).write(to: URL(fileURLWithPath: folder + "/r.jsonl"))
    try Data(#"{"name":"W","requests":[{"indexName":"catalog","query":"hörer"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/w.jsonl"))
    try Data(#"{"name":"W","requests":[{"indexName":"catalog","query":"うでどけい"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/ja.jsonl"))
    try Data(#"{}"#.utf8).write(to: URL(fileURLWithPath: folder + "/plain.json"))
    try Data(#"{"decompoundedAttributes":{"de":["name"]},"queryLanguages":["de"]}"#.utf8)
      .write(to: URL(fileURLWithPath: folder + "/de.json"))
    try Data(#"{"indexLanguages":["ja"]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/ja.json"))
    func bench(_ settings: String, workloads: String = "w.jsonl") async throws -> (output: String, hits: String) {
      let outcome = try await CLI.run([
        "bench", "--records", folder + "/r.jsonl", "--settings", folder + "/" + settings, "--workloads",
        folder + "/" + workloads, "--runs", "1",
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
    let japanese = try await bench("ja.json", workloads: "ja.jsonl")
    let readings = japanese.output.split(separator: "\n").first { $0.hasPrefix("language tables read:") } ?? ""
    #expect(readings.hasPrefix("language tables read: ja readings ("), "\(readings)")
    #expect(readings.components(separatedBy: " words, ").count == 2, "only the readings: \(readings)")
    #expect(japanese.hits == "1")
  }
}
