import ArgumentParser
import InstantSearchLanguageData
import InstantSearchServer

/// `instantsearch`: the command-line entry point.
@main
struct InstantSearchCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "instantsearch",
    abstract: "InstantSearch for Swift: search records with the embedded engine.",
    subcommands: [
      DemoCommand.self, SampleCommand.self, SearchCommand.self, BenchCommand.self, ImportCommand.self,
      SuggestionsCommand.self,
      ServeCommand.self, BackupCommand.self, SyncCommand.self, SessionCommand.self,
      DurableWriterCommand.self,
    ])

  /// Installs the language tables (decompounding, Japanese readings), then runs the command line; `serve`
  /// runs its tasks on the server's event loops (``SearchServer/runTasksOnEventLoops()``), which must be
  /// set up before any task starts.
  static func main() async {
    if CommandLine.arguments.dropFirst().first == ServeCommand.configuration.commandName {
      SearchServer.runTasksOnEventLoops()
    }
    InstantSearchLanguageData.install()
    await main(nil)
  }
}
