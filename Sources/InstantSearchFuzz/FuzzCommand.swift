import ArgumentParser
import Foundation
import InstantSearchEngine
import InstantSearchLanguageData
import InstantSearchModel

/// `instantsearch-fuzz`: feeds mutated filters strings, request bodies, record lines and settings to the
/// parser, the engine and the loader in this process, and counts answers and typed errors.
///
/// A crash ends the process with a signal: `scripts/fuzz.sh` reports the seed, and `--print-inputs`
/// replays the same inputs with each one written to standard error before it runs. It is an executable of
/// its own, linking only the core and the engine, so that its release build (some 300 inputs a second on
/// this grammar, whose long values are slow to search) leaves out the server and its dependencies.
@main
struct FuzzCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "instantsearch-fuzz",
    abstract: "Fuzz the filters parser, the engine and the record loader in process.")

  @Option(help: "Inputs to try.") var count = 1_000_000
  @Option(help: "The generator's seed.") var seed: UInt64 = 1
  @Option(help: "Stop after this many seconds, whatever the count.") var seconds = 600
  @Flag(help: "Write each input (escaped) to standard error before trying it.") var printInputs = false

  func run() async throws {
    InstantSearchLanguageData.install()
    let index = try Self.index()
    let client = LocalSearchClient(indices: [index])
    var inputs = FuzzInputs(seed: seed)
    var answered = [Int](repeating: 0, count: FuzzInputs.Target.allCases.count)
    var refused = answered
    var unexpected: [String] = []
    let clock = ContinuousClock()
    let start = clock.now
    var tried = 0
    while tried < count, start.duration(to: clock.now) < .seconds(seconds) {
      let target = FuzzInputs.Target(rawValue: tried % FuzzInputs.Target.allCases.count) ?? .filters
      let bytes = inputs.input(for: target)
      if printInputs {
        FileHandle.standardError.write(
          Data("\(tried) \(target) \(String(reflecting: String(decoding: bytes, as: UTF8.self)))\n".utf8))
      }
      switch await Self.attempt(target, bytes, index: index, client: client) {
      case .answered: answered[target.rawValue] += 1
      case .refused: refused[target.rawValue] += 1
      case .unexpected(let error): unexpected.append("input \(tried) (\(target)): \(error)")
      }
      tried += 1
    }
    let elapsed = start.duration(to: clock.now)
    for target in FuzzInputs.Target.allCases {
      print("\(target): \(answered[target.rawValue]) answered, \(refused[target.rawValue]) refused with a typed error")
    }
    print("\(tried) inputs in \(elapsed), seed \(seed); \(unexpected.count) untyped errors")
    for line in unexpected.prefix(20) { print(line) }
    if !unexpected.isEmpty { throw ExitCode(1) }
  }

  enum Outcome {
    case answered, refused
    case unexpected(String)
  }

  /// Feeds one input to its target.
  static func attempt(
    _ target: FuzzInputs.Target, _ bytes: [UInt8], index: LocalIndex, client: LocalSearchClient
  ) async -> Outcome {
    do {
      switch target {
      case .filters:
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try FilterExpression(parsing: text)
        _ = try Filters(parsing: text)
        var query = Query()
        query.filters = text
        _ = try index.search(query)
      case .request:
        let body = try MultipleQueriesRequest(json: Data(bytes), defaultIndex: "fuzz")
        let results = try await client.search(body.queries, strategy: body.strategy)
        _ = try JSONEncoder().encode(["results": results])
      case .record:
        let fresh = LocalIndex(name: "record", settings: index.settings)
        try fresh.loadJSON(Data(bytes))
        _ = try fresh.search(Query("phone"))
      case .queryGrammar:
        let object = try JSONDecoder().decodeBounded([String: JSON].self, from: Data(bytes))
        let query = try Query(jsonObject: object)
        _ = try index.search(query)
        _ = try index.browse(query, offset: 0, count: 10)
        var maxFacetHits: Int?
        if let raw = object["maxFacetHits"], raw != .null {
          maxFacetHits = try CheckedNumber.integer(raw, "maxFacetHits")
        }
        _ = try index.searchForFacetValues(attribute: "tags", facetQuery: "t", query: query, maxFacetHits: maxFacetHits)
        let results = try await client.search([IndexedQuery(indexName: "fuzz", query: query)], strategy: .none)
        _ = try JSONEncoder().encode(["results": results])
      case .settings, .settingsGrammar:
        let settings = try IndexSettings(jsonData: Data(bytes))
        let fresh = LocalIndex(name: "settings", settings: settings)
        try fresh.saveRecords([["objectID": "1", "name": "phone case", "brand": "b1", "price": 3]])
        _ = try fresh.search(Query("phne"))
      }
      return .answered
    } catch is EngineError, is FilterParseError, is ResponseDecodingError {
      return .refused
    } catch {
      return .unexpected("\(type(of: error)): \(error)")
    }
  }

  /// The index requests are answered from: 300 small records.
  static func index() throws -> LocalIndex {
    let settings = try IndexSettings(json: [
      "searchableAttributes": ["name", "description"],
      "attributesForFaceting": ["brand", "rating", "searchable(tags)"],
      "customRanking": ["desc(rating)"],
    ])
    let index = LocalIndex(name: "fuzz", settings: settings)
    try index.saveRecords(
      (0..<300).map { number in
        [
          "objectID": .string("\(number)"), "name": .string("phone case \(number % 17)"),
          "description": .string("a case for phones, model \(number)"), "brand": .string("b\(number % 5)"),
          "rating": .number(Double(number % 6)), "price": .number(Double(number) * 1.5),
          "tags": .array([.string("t\(number % 3)")]), "_tags": .array([.string("t\(number % 4)")]),
        ]
      })
    return index
  }
}
