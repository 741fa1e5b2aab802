import ArgumentParser
import Foundation
import InstantSearchServer

/// `instantsearch backup`: copies a data directory — one a running `serve` keeps writing to — so that
/// `serve --data` opens the copy as it was at that moment.
struct BackupCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "backup", abstract: "Copy a data directory, live or not, consistently, for serve to open.",
    discussion: """
      Each index directory is copied as of one commit and the writes logged after it (segments hard-linked, \
      logs copied): a running server is neither stopped nor paused, and the source is only read. The \
      application's keys, dictionaries, allowed sources, index list, search log and events are copied too. \
      The target must be new or empty.
      """)

  @Option(help: "The data directory to copy (serve's --data).") var data: String
  @Option(help: "Where to put the copy: a new or empty directory.") var to: String

  func run() throws {
    let clock = ContinuousClock()
    let start = clock.now
    let indices = try IndexStore.backup(dataDirectory: data, to: to)
    let seconds = (clock.now - start) / .seconds(1)
    print("copied \(indices.count) indices to \(to) in \(String(format: "%.2f", seconds)) s")
  }
}
