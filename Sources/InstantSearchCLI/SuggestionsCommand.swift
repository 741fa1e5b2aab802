import ArgumentParser
import Foundation
import InstantSearchCore
import InstantSearchEngine

/// `instantsearch suggestions`: query suggestions indices.
struct SuggestionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "suggestions", abstract: "Query suggestions indices.", subcommands: [SuggestionsBuildCommand.self])
}

/// `instantsearch suggestions build`: a query suggestions index from a log of past queries.
struct SuggestionsBuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build", abstract: "Build a query suggestions index from a log of past queries.",
    discussion: """
      The log holds one query a line, or one JSON object a line with "query" and an optional "count". Queries \
      searched at least --min-count times become records {"objectID", "query", "popularity", "nb_words"}, the \
      most popular first; with --records, each is searched in that index and kept only if it finds at least \
      --min-hits hits. The result goes to an index directory (--directory) or a JSON-lines file (--output).
      """)

  @Option(help: "The log of past queries.") var log: String
  @Option(help: "The index whose hits each suggestion must find: a records file or an index directory.")
  var records: String?
  @Option(help: "Settings file for --records (a records file).") var settings: String?
  @Option(help: "The name of the --records index (the name its hit counts are recorded under).")
  var index = "catalog"
  @Option(help: "The fewest searches a suggestion needs.") var minCount = 2
  @Option(help: "The fewest hits a suggestion must find in --records.") var minHits = 1
  @Option(help: "The most suggestions kept.") var limit = 10_000
  @Option(help: "Write the suggestions index directory here.") var directory: String?
  @Option(help: "Write the suggestion records here, as JSON lines.") var output: String?
  @Option(help: "The suggestions index name (for --directory).") var name = "catalog_query_suggestions"

  func validate() throws {
    guard (directory == nil) != (output == nil) else {
      throw ValidationError("give exactly one of --directory and --output")
    }
    guard minCount >= 1, minHits >= 0, limit >= 0 else {
      throw ValidationError("--min-count must be at least 1, --min-hits and --limit at least 0")
    }
  }

  func run() throws {
    var builder = QuerySuggestionsBuilder()
    builder.minimumCount = minCount
    builder.minimumHits = minHits
    builder.maximumSuggestions = limit
    try builder.addLog(contentsOf: URL(fileURLWithPath: log))
    let source = try records.map { try IndexLoading.load(records: $0, settings: settings, name: index) }
    let suggestions = try builder.records(checkingHitsIn: source)
    if let output {
      var text = ""
      for record in suggestions { text += JSON.object(record).description + "\n" }
      try Data(text.utf8).write(to: URL(fileURLWithPath: output))
      print("wrote \(suggestions.count) suggestions to \(output)")
    } else if let directory {
      let durable = try DurableIndex(directory: directory, name: name, settings: QuerySuggestionsBuilder.settings)
      try durable.clear()
      try durable.saveRecords(suggestions)
      try durable.commit()
      print("built \(name) with \(suggestions.count) suggestions in \(directory)")
    }
  }
}
