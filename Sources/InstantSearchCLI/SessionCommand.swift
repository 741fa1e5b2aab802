import ArgumentParser
import Foundation
import InstantSearchCore
import InstantSearchEngine

/// `instantsearch session`: plays a user's session on a search page built from the library's widgets
/// (a search box, refinement lists, a hierarchical menu, hits) against an Algolia-compatible host, and
/// prints what the page shows after each step.
///
/// It is how the conformance suite compares `HitsSearcher` with a browser page driving Algolia's
/// JavaScript client: both play the same ``SessionScript`` against the same server.
struct SessionCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "session",
    abstract: "Play a search session with the library's widgets against an Algolia-compatible host.",
    discussion: """
      Prints one JSON line per step: the query, nbHits, the page's object IDs and the counts each widget \
      shows. Against a host (--app-id, optionally --url), the API key comes from --api-key-file or \
      ALGOLIA_API_KEY; with --records, the embedded engine answers.
      """)

  @Option(help: "The host, such as http://127.0.0.1:8080 (default: Algolia's hosts of the application).")
  var url: String?
  @Option(help: "The application ID of the host.") var appId: String?
  @Option(help: "Search these records (a JSON-lines file, a .json array or an index directory) instead of a host.")
  var records: String?
  @Option(help: "Index settings JSON file, with --records.") var settings: String?
  @Option(help: "A file holding the API key.") var apiKeyFile: String?
  @Option(help: "The index.") var index: String
  @Option(help: "The session script (JSON; see SessionScript).") var script: String

  @MainActor
  func run() async throws {
    let session: SessionScript
    do {
      session = try JSONDecoder().decodeBounded(
        SessionScript.self, from: Data(contentsOf: URL(fileURLWithPath: script)))
    } catch {
      throw ValidationError("--script \(script): \(error)")
    }
    let client = try makeClient()
    let page = SessionPage(client: client, index: index, script: session)
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    for (number, step) in session.steps.enumerated() {
      let snapshot = try await page.play(step, number: number)
      print(String(decoding: try encoder.encode(snapshot), as: UTF8.self))
    }
  }

  /// The embedded engine on --records, or a client of the host.
  func makeClient() throws -> any SearchClient {
    switch (records, appId) {
    case (let records?, nil):
      return LocalSearchClient(indices: [try IndexLoading.load(records: records, settings: settings, name: index)])
    case (nil, let appId?):
      var configuration = AlgoliaSearchClient.Configuration()
      if let url {
        guard let components = URLComponents(string: url), let scheme = components.scheme,
          let host = components.host
        else { throw ValidationError("--url: \(url) is not a URL such as http://127.0.0.1:8080") }
        configuration.hosts = [AlgoliaHost(scheme: scheme, host: host, port: components.port)]
      }
      return AlgoliaSearchClient(appID: appId, apiKey: try Self.apiKey(file: apiKeyFile), configuration: configuration)
    default:
      throw ValidationError("give either --records or --app-id (with --url for a host other than Algolia's)")
    }
  }

  /// The API key from `file`, else `ALGOLIA_API_KEY`.
  static func apiKey(file: String?) throws -> String {
    if let file {
      let key = try String(contentsOfFile: file, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
      guard !key.isEmpty else { throw ValidationError("--api-key-file: \(file) is empty") }
      return key
    }
    guard let key = ProcessInfo.processInfo.environment["ALGOLIA_API_KEY"], !key.isEmpty else {
      throw ValidationError("an API key is required: --api-key-file FILE or ALGOLIA_API_KEY")
    }
    return key
  }
}

/// The widgets of a session's page, connected as an app connects them.
@MainActor
final class SessionPage {
  private let searcher: HitsSearcher
  private let searchBox: SearchBoxConnector
  private let lists: [String: FacetListConnector]
  private let menu: HierarchicalConnector?
  private let script: SessionScript

  init(client: any SearchClient, index: String, script: SessionScript) {
    self.script = script
    var query = Query()
    query.hitsPerPage = script.hitsPerPage
    let searcher = HitsSearcher(client: client, indexName: index, query: query, debounceDelay: .zero)
    self.searcher = searcher
    let filterState = FilterState()
    searcher.connectFilterState(filterState)
    searchBox = SearchBoxConnector(searcher: searcher)
    var lists: [String: FacetListConnector] = [:]
    for list in script.refinementLists {
      lists[list.attribute] = FacetListConnector(
        searcher: searcher, filterState: filterState, attribute: Attribute(list.attribute),
        operator: list.operator == "and" ? .and : .or)
    }
    self.lists = lists
    menu = script.hierarchical.map { menu in
      HierarchicalConnector(
        searcher: searcher, filterState: filterState, hierarchicalAttributes: menu.attributes.map { Attribute($0) },
        separator: menu.separator)
    }
  }

  /// Does `step`, waits for the results, and describes the page.
  func play(_ step: SessionScript.Step, number: Int) async throws -> SessionSnapshot {
    switch step {
    case .type(let text):
      // One change a key, as a text field reports them; every keystroke searches.
      for character in text { searchBox.interactor.setQuery((searchBox.interactor.query ?? "") + String(character)) }
    case .clearQuery:
      searchBox.interactor.setQuery("")
    case .toggle(let attribute, let value):
      guard let list = lists[attribute] else {
        throw ValidationError("step \(number): no refinement list on \(attribute)")
      }
      list.interactor.toggle(value)
    case .select(let value):
      guard let menu else { throw ValidationError("step \(number): the script has no hierarchical menu") }
      menu.interactor.computeSelection(key: value)
    }
    await searcher.waitForResults()
    if let error = searcher.latestError { throw ValidationError("step \(number): \(error)") }
    guard let response = searcher.latestResponse else { throw ValidationError("step \(number): no results") }
    var facets: [String: [String: Int]] = [:]
    for list in script.refinementLists { facets[list.attribute] = response.facets[list.attribute] ?? [:] }
    if let menu {
      let shown = min(menu.interactor.hierarchicalAttributes.count, menu.interactor.selections.count + 1)
      for attribute in menu.interactor.hierarchicalAttributes.prefix(shown) {
        facets[attribute.rawValue] = response.facets[attribute.rawValue] ?? [:]
      }
    }
    return SessionSnapshot(
      step: number, query: searcher.query ?? "", nbHits: response.nbHits, hits: response.hits.map(\.objectID),
      facets: facets)
  }
}
