import ArgumentParser
import Foundation
import InstantSearchAlgolia
import InstantSearchModel
import InstantSearchServer

/// `instantsearch sync`: moves an index between an index directory and an Algolia application — the
/// scale-out path when one server is no longer enough.
struct SyncCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sync", abstract: "Push an index directory to an Algolia application, or pull one back.",
    discussion: """
      push builds the index under a temporary name, then moves it over the target (searches see the old \
      index or the new one); pull writes a new index directory from browse, settings, synonyms and rules. \
      The API key comes from --api-key-file or ALGOLIA_API_KEY (an admin key, or one with addObject, \
      editSettings, deleteIndex and browse). --host points at another server speaking Algolia's API \
      (another instantsearch serve, for instance).
      """,
    subcommands: [Push.self, Pull.self])

  /// Where and as whom: the application, its key, and the host.
  struct Target: ParsableArguments {
    @Option(help: "The Algolia application ID.") var appId: String
    @Option(help: "A file holding the API key (default: ALGOLIA_API_KEY).") var apiKeyFile: String?
    @Option(help: "Another host than APPID.algolia.net, as host[:port].") var host: String?
    @Flag(help: "Plain HTTP to --host (a local server).") var insecure = false

    func sync() throws -> IndexSync {
      let key: String
      if let apiKeyFile {
        key = try String(contentsOfFile: apiKeyFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
      } else {
        key = ProcessInfo.processInfo.environment["ALGOLIA_API_KEY"] ?? ""
      }
      guard !key.isEmpty else {
        throw ValidationError("an API key is required: --api-key-file FILE or ALGOLIA_API_KEY")
      }
      let algoliaHost = try host.map { text throws in
        let parts = text.split(separator: ":")
        guard (1...2).contains(parts.count), let port = parts.count == 2 ? Int(parts[1]) : 0,
          (0...65_535).contains(port)
        else { throw ValidationError("--host: host[:port] is expected, got \(text)") }
        return AlgoliaHost(
          scheme: insecure ? "http" : "https", host: String(parts[0]), port: parts.count == 2 ? port : nil)
      }
      return IndexSync(appID: appId, apiKey: key, host: algoliaHost)
    }
  }

  struct Push: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Push an index directory to the application.")
    @OptionGroup var target: Target
    @Option(help: "The index directory to push.") var directory: String
    @Option(help: "The index name in the application.") var index: String

    func run() async throws {
      let pushed = try await target.sync().push(directory: directory, as: index)
      print("pushed \(pushed) records to \(index)")
    }
  }

  struct Pull: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Pull an index into a new index directory.")
    @OptionGroup var target: Target
    @Option(help: "The index name in the application.") var index: String
    @Option(help: "The new index directory to write.") var directory: String

    func run() async throws {
      guard !FileManager.default.fileExists(atPath: directory + "/manifest") else {
        throw ValidationError("--directory: \(directory) holds an index already")
      }
      let pulled = try await target.sync().pull(index: index, into: directory)
      print("pulled \(pulled) records from \(index) into \(directory)")
    }
  }
}
