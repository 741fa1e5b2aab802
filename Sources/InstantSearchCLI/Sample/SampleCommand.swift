import ArgumentParser
import Foundation
import InstantSearchCore

/// `instantsearch sample`: writes a synthetic catalog, with settings and benchmark workloads that suit it,
/// so that every example of the README runs on a fresh clone.
struct SampleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sample", abstract: "Write a synthetic product catalog (JSON lines) with its settings and workloads.",
    discussion: """
      Writes OUT (one record a line), and beside it OUT's name with .settings.json (index settings for \
      import, search, bench and demo) and .workloads.jsonl (for bench --workloads). The same seed, size and \
      words give the same files.
      """)

  /// The largest catalog `sample` writes.
  static let maximumRecords = 10_000_000
  /// The most words `--words` reads.
  static let maximumWords = 1_000_000

  @Option(help: "How many records (1 to 10,000,000).") var records: Int
  @Option(help: "The records file to write (JSON lines; its directory is created when missing).") var out: String
  @Option(help: "The generator's seed.") var seed: UInt64 = 42
  @Option(
    help: """
      A word list, one word a line, most frequent first, to draw names and descriptions from instead of \
      made-up words (such as wordfreq's top_n_list for a language).
      """)
  var words: String?
  @Option(help: "The index name the workloads use.") var index = "catalog"

  func validate() throws {
    guard (1...Self.maximumRecords).contains(records) else {
      throw ValidationError("--records must be between 1 and 10,000,000, not \(records)")
    }
  }

  func run() throws {
    let vocabulary = try words.map(Self.readWords)
    let catalog = SampleCatalog(seed: seed, words: vocabulary)
    let (settingsPath, workloadsPath) = SampleCatalog.companions(of: out)
    let output = try OutputFile(path: out, option: "--out")
    for number in 0..<records {
      try output.write(JSON.object(catalog.record(number)).description + "\n")
    }
    try output.close()
    try OutputFile.write(SampleCatalog.settings.description + "\n", to: settingsPath, option: "--out")
    try OutputFile.write(
      catalog.workloads(index: index).map { $0.description + "\n" }.joined(), to: workloadsPath, option: "--out")
    print("wrote \(records) records to \(out), settings to \(settingsPath), workloads to \(workloadsPath)")
  }

  /// The words of the list at `path`: one a line, blank lines skipped, at most ``maximumWords``.
  static func readWords(_ path: String) throws -> [String] {
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw CommandError("--words: cannot read \(path) as UTF-8 text (\(CLIError.reason(error)))")
    }
    let words = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
    guard words.count >= 10 else { throw ValidationError("--words: \(path) holds \(words.count) words; 10 at least") }
    guard words.count <= maximumWords else {
      throw ValidationError("--words: \(path) holds \(words.count) words; \(maximumWords) at most")
    }
    return words
  }
}
