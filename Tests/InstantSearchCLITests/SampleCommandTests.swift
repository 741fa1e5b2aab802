import Foundation
import Testing

/// `instantsearch sample`: the catalog every README example runs on (issue 36).
@Suite("instantsearch sample")
struct SampleCommandTests {
  @Test("The same seed writes the same bytes; records have the catalog's shape; the workloads find hits")
  func sample() async throws {
    let folder = try CommandErrorTests.scratch()
    defer { CommandErrorTests.remove(folder) }
    var outputs: [Data] = []
    for name in ["a", "new/parents/b"] {
      let outcome = try await CLI.run(["sample", "--records", "500", "--out", folder + "/\(name).jsonl"])
      #expect(outcome.status == 0, "\(outcome.error)")
      outputs.append(try Data(contentsOf: URL(fileURLWithPath: folder + "/\(name).jsonl")))
    }
    #expect(outputs[0] == outputs[1])
    let lines = String(decoding: outputs[0], as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 500)
    let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    for field in [
      "objectID", "name", "description", "brand", "categories", "color", "size", "price", "rating", "free_shipping",
      "popularity", "_tags",
    ] {
      #expect(first[field] != nil, "\(field)")
    }
    #expect(first["objectID"] as? String == "p0000000")
    let other = try await CLI.run(["sample", "--records", "500", "--out", folder + "/c.jsonl", "--seed", "7"])
    #expect(other.status == 0)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/c.jsonl")) != outputs[0])
    // The settings and workloads beside it work with bench as they are.
    let bench = try await CLI.run([
      "bench", "--records", folder + "/a.jsonl", "--settings", folder + "/a.settings.json", "--workloads",
      folder + "/a.workloads.jsonl", "--runs", "1",
    ])
    #expect(bench.status == 0, "\(bench.error)")
    let w4 = try #require(bench.output.split(separator: "\n").first { $0.hasPrefix("W4") })
    #expect(w4.split(separator: " ").last.flatMap { Int($0) } ?? 0 > 0, "\(w4)")
    // Without the side thread (as `serve` searches), the same workloads find the same hits.
    let alone = try await CLI.run([
      "bench", "--records", folder + "/a.jsonl", "--settings", folder + "/a.settings.json", "--workloads",
      folder + "/a.workloads.jsonl", "--runs", "1", "--no-side-thread",
    ])
    #expect(alone.status == 0, "\(alone.error)")
    #expect(Self.hitCounts(alone.output) == Self.hitCounts(bench.output))
    #expect(Self.hitCounts(bench.output).count >= 4)
  }

  /// Each workload's row of a bench run: its name and its requests' nbHits (the times left out).
  static func hitCounts(_ output: String) -> [String] {
    output.split(separator: "\n").filter { $0.first?.isUppercase == true && $0.hasPrefix("W") }.map { row in
      let columns = row.split(separator: " ")
      return ([columns[0]] + columns.dropFirst(3)).joined(separator: " ")
    }
  }

  @Test("--words draws names and descriptions from a word list")
  func words() async throws {
    let folder = try CommandErrorTests.scratch()
    defer { CommandErrorTests.remove(folder) }
    let words = (0..<50).map { "word\($0)" }.joined(separator: "\n")
    try Data(words.utf8).write(to: URL(fileURLWithPath: folder + "/words.txt"))
    let outcome = try await CLI.run([
      "sample", "--records", "20", "--out", folder + "/w.jsonl", "--words", folder + "/words.txt",
    ])
    #expect(outcome.status == 0, "\(outcome.error)")
    let text = try String(contentsOfFile: folder + "/w.jsonl", encoding: .utf8)
    let line = try #require(text.split(separator: "\n").first)
    let record = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    let name = try #require(record["name"] as? String)
    #expect(name.split(separator: " ").allSatisfy { $0.hasPrefix("word") }, "\(name)")
  }
}
