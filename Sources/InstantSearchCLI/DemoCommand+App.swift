import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchTerminal

extension DemoCommand {
  /// The showcase on `index`: a multi-searcher with the products and a query suggestions index built
  /// from the catalog's query log (each suggestion finding something in `index`), and the sort replicas.
  @MainActor
  static func makeApp(index: LocalIndex) throws -> ShowcaseApp {
    var builder = QuerySuggestionsBuilder()
    for query in ShowcaseCatalog.queryLog(count: 5_000) { builder.add(query: query) }
    let suggestions = LocalIndex(name: ShowcaseCatalog.suggestionsIndexName, settings: QuerySuggestionsBuilder.settings)
    try suggestions.saveRecords(try builder.records(checkingHitsIn: index))
    let multiSearcher = MultiSearcher(client: LocalSearchClient(indices: [index, suggestions]))
    let products = multiSearcher.addHitsSearcher(indexName: index.name)
    let suggestionsSearcher = multiSearcher.addHitsSearcher(indexName: suggestions.name)
    return ShowcaseApp(
      searcher: products, suggestionsSearcher: suggestionsSearcher, multiSearcher: multiSearcher,
      sortIndices: ShowcaseCatalog.sortIndices(for: index.name))
  }

  /// Declares the sort control's replicas on `index` when its settings do not (records of your own), and
  /// gives each its sort by price.
  static func addSortReplicas(to index: LocalIndex) throws {
    var settings = index.settings
    let sorts = ShowcaseCatalog.replicaSorts(for: index.name)
    let missing = sorts.keys.sorted().filter { index.replica(named: $0) == nil }
    if !missing.isEmpty {
      settings.replicas += missing.map { IndexSettings.Replica(name: $0) }
      index.setSettings(settings)
    }
    for (name, head) in sorts {
      var replica = index.settings
      replica.replicas = []
      replica.ranking = [head] + IndexSettings.defaultRanking
      try index.replica(named: name)?.setSettings(replica)
    }
  }
}
