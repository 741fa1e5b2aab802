import ArgumentParser
import Foundation
import InstantSearchCore
import InstantSearchEngine

/// `instantsearch import`: builds an index directory from a records file, so that `search`, `bench`,
/// `demo` and `serve` can open it instead of loading the records each time.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import", abstract: "Build an index directory from a records file (JSON lines or a JSON array).",
    discussion: """
      The directory (and its parents) is created when missing; an index already in it has its records \
      replaced (its name must match --index). Then pass the directory to --records of search, bench or demo, \
      or put it in serve's --data directory, named as the index. A failed import leaves no new directory behind.
      """)

  @Option(help: "Records: a JSON-lines file, or a JSON array.") var records: String
  @Option(help: "Index settings JSON file (for a new directory).") var settings: String?
  @Option(help: "The index directory to write.") var directory: String
  @Option(help: "The index name.") var index = "catalog"
  @Flag(help: "Sync to the device (survives a power loss), not only to the operating system.") var full = false
  @Flag(help: "Store the text posting lists as plain 32-bit numbers instead of bit-packed: a larger directory.")
  var plainText = false

  func run() throws {
    guard !(try IndexLoading.isIndexDirectory(records)) else {
      throw CommandError("--records: \(records) is an index directory; import reads a records file")
    }
    let indexSettings = try settings.map { try IndexLoading.settings(at: $0) } ?? IndexSettings()
    let existed = FileManager.default.fileExists(atPath: directory)
    let hadIndex = FileManager.default.fileExists(atPath: directory + "/manifest")
    let clock = ContinuousClock()
    let start = clock.now
    do {
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
    } catch {
      if !hadIndex { try Self.removeNewIndex(in: directory, directoryExisted: existed) }
      throw error
    }
  }

  /// Removes what a failed import created: the whole directory when it did not exist, else the index's
  /// files in it (the directory held no index before).
  static func removeNewIndex(in directory: String, directoryExisted: Bool) throws {
    let files = FileManager.default
    guard directoryExisted else {
      if files.fileExists(atPath: directory) { try files.removeItem(atPath: directory) }
      return
    }
    for name in try files.contentsOfDirectory(atPath: directory)
    where name == "manifest" || name == "writer.lock" || name.hasSuffix(".tmp")
      || ["log-", "segment-", "deletions-"].contains(where: { name.hasPrefix($0) })
    {
      try files.removeItem(atPath: directory + "/" + name)
    }
  }
}
