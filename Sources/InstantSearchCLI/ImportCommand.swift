import ArgumentParser
import Foundation
import InstantSearchCore
import InstantSearchEngine

/// `instantsearch import`: builds an index directory from a records file, so that `search`, `bench` and
/// `demo` can open it instead of loading the records each time.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import", abstract: "Build an index directory from a JSON-lines records file.",
    discussion: """
      The directory is created when missing; an index already in it has its records replaced (its name must \
      match --index). Then pass the directory to --records of search, bench or demo.
      """)

  @Option(help: "Records: a JSON-lines file.") var records: String
  @Option(help: "Index settings JSON file (for a new directory).") var settings: String?
  @Option(help: "The index directory to write.") var directory: String
  @Option(help: "The index name.") var index = "catalog"
  @Flag(help: "Sync to the device (survives a power loss), not only to the operating system.") var full = false
  @Flag(help: "Store the text posting lists as plain 32-bit numbers instead of bit-packed: a larger directory.")
  var plainText = false

  func run() throws {
    var indexSettings = IndexSettings()
    if let settings {
      indexSettings = try IndexSettings(jsonData: try Data(contentsOf: URL(fileURLWithPath: settings)))
    }
    let clock = ContinuousClock()
    let start = clock.now
    let durable = try DurableIndex(
      directory: directory, name: index, settings: indexSettings, durability: full ? .full : .process,
      textPostings: plainText ? .plain : .packed)
    let bar = ProgressBar()
    try durable.importRecords(jsonLinesAt: URL(fileURLWithPath: records)) { progress in bar.update(progress) }
    bar.finish()
    let elapsed = BenchCommand.milliseconds(start.duration(to: clock.now))
    let size = try durable.diskSize()
    print(
      "imported \(durable.index.recordCount) records into \(directory) in \(elapsed) ms (\(size / 1_048_576) MB on disk)"
    )
  }
}
