import Foundation
import InstantSearchCore
import InstantSearchEngine
import InstantSearchTerminal
import Testing

/// The showcase on a small generated catalog, driven by keys; assertions read the rendered frames.
@MainActor
final class ShowcaseDriver {
  let app: ShowcaseApp

  init(size: Int = 2_000) throws {
    let index = LocalIndex(name: "products", settings: try IndexSettings(json: ShowcaseCatalog.settings))
    try index.saveRecords(ShowcaseCatalog.records(count: size))
    index.saveRules(try ShowcaseCatalog.rules.map { rule throws(EngineError) in try QueryRule(json: rule) })
    for (name, head) in ShowcaseCatalog.replicaSorts {
      var settings = index.settings
      settings.replicas = []
      settings.ranking = [head] + IndexSettings.defaultRanking
      try index.replica(named: name)?.setSettings(settings)
    }
    // The query suggestions, as the demo builds them.
    var builder = QuerySuggestionsBuilder()
    for query in ShowcaseCatalog.queryLog(count: 5_000) { builder.add(query: query) }
    let suggestions = LocalIndex(name: ShowcaseCatalog.suggestionsIndexName, settings: QuerySuggestionsBuilder.settings)
    try suggestions.saveRecords(try builder.records(checkingHitsIn: index))
    let multiSearcher = MultiSearcher(client: LocalSearchClient(indices: [index, suggestions]))
    app = ShowcaseApp(
      searcher: multiSearcher.addHitsSearcher(indexName: "products"),
      suggestionsSearcher: multiSearcher.addHitsSearcher(indexName: suggestions.name), multiSearcher: multiSearcher)
  }

  func start() async {
    app.start()
    await app.waitForResults()
  }

  /// Plays a key script as the terminal does: each key, its results, then a frame, and the results the
  /// frame asked for (a next page). Returns whether the app still runs.
  @discardableResult
  func play(_ script: String) async throws -> Bool {
    for key in try KeyEvent.parse(script: script) {
      guard app.handle(key) else { return false }
      await app.waitForResults()
      _ = app.render(width: 80, height: 24)
      await app.waitForResults()
    }
    return true
  }

  var frame: ScreenBuffer { app.render(width: 80, height: 24) }
  var text: String { frame.text }
}

@MainActor
@Suite("Showcase", .timeLimit(.minutes(2)))
struct ShowcaseTests {
  @Test("The first frame fits 80×24 and shows every panel")
  func firstFrame() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    let lines = driver.frame.lines
    #expect(lines.count == 24)
    #expect(lines.allSatisfy { $0.count <= 80 })
    let text = driver.text
    for part in [
      "Search:", "Rating: any", "[ ] Free shipping", "Category", "Brand", "More filters", "Features", "Price:",
      "2,000 results in", "Filters: none", "[Clear all]", "Esc: quit",
    ] {
      #expect(text.contains(part), "missing \(part)")
    }
  }

  @Test("Typing narrows the hits and highlights the matched words")
  func typing() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    try await driver.play("headphones")
    #expect(driver.text.contains("Search: headphones"))
    let total = try #require(driver.app.searcher.latestResponse?.nbHits)
    #expect(total > 0 && total < 2_000)
    let frame = driver.frame
    let highlighted = (0..<frame.height).flatMap { y in (0..<frame.width).map { frame[$0, y] } }
      .filter { $0.style.contains(.highlight) }
    #expect(String(highlighted.map(\.character)).contains("Headphones"))
  }

  @Test("Typing \"sale\" shows the rule's banner and the products under $50; erasing a letter hides it")
  func saleBanner() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    #expect(!driver.text.contains("Sale: everything under $50"))
    try await driver.play("sale")
    #expect(driver.frame.lines[0].contains("Sale: everything under $50"))
    let response = try #require(driver.app.searcher.latestResponse)
    #expect(response.nbHits > 0)
    #expect(response.hits.allSatisfy { ($0["price"]?.doubleValue ?? 100) < 50 })
    try await driver.play("<BS>")
    #expect(!driver.text.contains("Sale: everything under $50"))
  }

  @Test("A brand toggled in the list shows in current filters; removing it there unticks it")
  func brandRoundTrip() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    try await driver.play("<Tab><Tab><Tab><Tab><Space>")
    let brand = try #require(driver.app.brands.items.first { $0.isSelected }?.item.value)
    #expect(driver.text.contains("[x] \(brand)"))
    #expect(driver.text.contains("[\(brand) x]"))
    #expect(driver.app.filterState.description.contains(#""brand":"\#(brand)""#))
    // To the current filters (brand → more filters → price → hits → filters) and remove it.
    try await driver.play("<Tab><Tab><Tab><Tab><Del>")
    #expect(!driver.text.contains("[x] \(brand)"))
    #expect(driver.text.contains("Filters: none"))
    #expect(driver.app.filterState.isEmpty)
  }

  @Test("The price range moves with the keys and the bounds stay those of the results")
  func priceRange() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    let bounds = try #require(driver.app.price.bounds)
    try await driver.play("<Tab><Tab><Tab><Tab><Tab><Tab><Right><Right><Down><Left>")
    let range = try #require(driver.app.price.range)
    #expect(range.lowerBound > bounds.lowerBound && range.upperBound < bounds.upperBound)
    #expect(driver.app.price.bounds == bounds)
    #expect(driver.app.filterState.description.contains(#""price":"#))
    #expect(driver.text.contains("[Price "))
  }

  @Test("Rating stars, clear all, and quitting with q outside the search box")
  func ratingClearAndQuit() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    try await driver.play("<Tab><Right><Right>")
    #expect(driver.text.contains("Rating: ★★☆☆☆ & up"))
    #expect(driver.app.filterState.description == #"( "rating" >= 2.0 )"#)
    try await driver.play("<Left><Left>")
    #expect(driver.text.contains("Rating: any"))
    #expect(driver.app.filterState.isEmpty)
    try await driver.play("<Right><S-Tab><S-Tab>")
    #expect(!driver.app.filterState.isEmpty)
    try await driver.play("<Space>")
    #expect(driver.app.filterState.isEmpty)
    // In the search box `q` types; elsewhere it quits, as Esc does everywhere.
    try await driver.play("<Tab>q")
    #expect(driver.app.searchBox.text == "q")
    #expect(try await driver.play("<Tab>q") == false)
    #expect(try await driver.play("<Esc>") == false)
  }

  @Test("The free shipping toggle filters the hits and shows in current filters")
  func freeShipping() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    try await driver.play("<Tab><Tab><Space>")
    #expect(driver.text.contains("[x] Free shipping"))
    #expect(driver.app.filterState.description == #"( "freeShipping":true )"#)
    let shipped = try #require(driver.app.searcher.latestResponse?.nbHits)
    #expect(shipped > 0 && shipped < 2_000)
    #expect(driver.text.contains("[Free shipping x]"))
    try await driver.play("<Space>")
    #expect(driver.app.filterState.isEmpty && driver.text.contains("[ ] Free shipping"))
  }

  @Test("The category tree expands the selected department; its counts are the hits")
  func categoryTree() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    try await driver.play("<Tab><Tab><Tab><Space>")
    let top = try #require(driver.app.categories.rows.first { $0.isSelected })
    #expect(top.level == 0 && driver.text.contains("▾ \(top.facet.value)"))
    #expect(driver.app.searcher.latestResponse?.nbHits == top.facet.count)
    #expect(driver.app.categories.rows.contains { $0.level == 1 })
    try await driver.play("<Down><Space>")
    let child = try #require(driver.app.categories.rows.last { $0.isSelected })
    #expect(child.level == 1 && child.facet.value.hasPrefix(top.facet.value + " > "))
    #expect(driver.app.searcher.latestResponse?.nbHits == child.facet.count)
    #expect(driver.app.filterState.description == #"( "categories.lvl1":"\#(child.facet.value)" )"#)
    // Selecting the department again goes back up to it.
    try await driver.play("<Up><Space>")
    #expect(driver.app.filterState.description == #"( "categories.lvl0":"\#(top.facet.value)" )"#)
  }

  @Test("More filters follow the settings' renderingContent: features then colors, pinned and hidden values")
  func moreFilters() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    #expect(driver.app.moreFilters.headings == ["Features", "Color"])
    let features = try #require(driver.app.moreFilters.orderedFacets.first?.facets)
    #expect(features.first?.value == "wireless")
    let colors = try #require(driver.app.moreFilters.orderedFacets.last?.facets.map(\.value))
    #expect(colors == colors.sorted() && !colors.contains("pink") && colors.count == 8)
    try await driver.play("<Tab><Tab><Tab><Tab><Tab><Down><Space>")
    #expect(driver.app.filterState.description == #"( "features":"wireless" )"#)
  }

  @Test("The loading indicator shows while a search is on its way, never after")
  func loadingIndicator() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    #expect(!driver.text.contains("searching…"))
    _ = driver.app.handle(.character("h"))
    #expect(driver.text.contains("searching…"))
    await driver.app.searcher.waitForResults()
    #expect(!driver.text.contains("searching…"))
  }

  @Test("The hits show a page at a time: the rows scroll within it, the page links under it change it")
  func hitsPages() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    try await driver.play("<Tab><Tab><Tab><Tab><Tab><Tab><Tab>")
    #expect(driver.text.contains("row 1/20"))
    #expect(driver.text.contains("Page [1] 2 3 4 5 6 7 ›  of 50"))
    try await driver.play(String(repeating: "<Down>", count: 25))
    #expect(driver.text.contains("row 20/20"))
    let firstPage = try #require(driver.app.searcher.latestResponse?.hits.map(\.objectID))
    // Three more Tabs reach the page links (after the current filters and the sort control).
    try await driver.play("<Tab><Tab><Tab><Right>")
    #expect(driver.text.contains("Page ‹ 1 [2] 3 4 5 6 7 ›  of 50"))
    #expect(driver.app.searcher.latestResponse?.page == 1)
    let secondPage = try #require(driver.app.searcher.latestResponse?.hits.map(\.objectID))
    #expect(secondPage.count == 20 && Set(secondPage).isDisjoint(with: firstPage))
    try await driver.play("<S-Tab><S-Tab><S-Tab>")
    #expect(driver.text.contains("row 1/20"))
    // A new query goes back to the first page.
    try await driver.play("<S-Tab><S-Tab><S-Tab><S-Tab><S-Tab><S-Tab><S-Tab>h")
    #expect(driver.app.searcher.latestResponse?.page == 0)
    #expect(driver.text.contains("Page [1] 2"))
  }

  @Test("Each hit shows a snippet of its description; the breadcrumb follows the category and goes back up")
  func snippetAndBreadcrumb() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    try await driver.play("wireless")
    let hit = try #require(driver.app.searcher.latestResponse?.hits.first)
    #expect(hit.snippet(for: "description")?.value.contains("<em>wireless</em>") == true)
    let plain = HighlightedString(string: hit.snippet(for: "description")?.value ?? "").plain
    #expect(driver.text.contains(String(plain.prefix(20))))
    // Categories: Audio, then its first child; the breadcrumb reads the path and goes back up to Audio.
    try await driver.play("<Tab><Tab><Tab><Space><Down><Space>")
    #expect(driver.app.breadcrumb.items.count == 2)
    #expect(driver.text.contains("All › Audio › "))
    try await driver.play("<Tab><Tab><Tab><Tab><Tab><Tab><Tab><Tab><Left><Space>")
    #expect(driver.app.breadcrumb.text == "All › Audio")
    try await driver.play("<Left><Space>")
    #expect(driver.app.breadcrumb.text == "All" && driver.app.filterState.isEmpty)
  }

  @Test("The brand list shows 10 brands and a more… row that shows up to 30, then less")
  func brandShowMore() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    #expect(driver.app.brands.items.count == 10)
    #expect(driver.app.brands.rows.showMore == .init(isShowingMore: false))
    try await driver.play("<Tab><Tab><Tab><Tab>" + String(repeating: "<Down>", count: 10))
    #expect(driver.text.contains("more…"))
    try await driver.play("<Space>")
    #expect(driver.app.brands.items.count > 10)
    #expect(driver.text.contains("less"))
    // A new query keeps the longer list.
    try await driver.play("<S-Tab><S-Tab><S-Tab><S-Tab>h")
    #expect(driver.app.brands.rows.showMore == .init(isShowingMore: true))
    try await driver.play("<BS><Tab><Tab><Tab><Tab>" + String(repeating: "<Down>", count: 40) + "<Space>")
    #expect(driver.app.brands.items.count == 10)
  }

  @Test("Frames of other sizes keep inside the screen")
  func otherSizes() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    for (width, height) in [(40, 12), (120, 40), (80, 24)] {
      let frame = driver.app.render(width: width, height: height)
      #expect(frame.lines.count == height && frame.lines.allSatisfy { $0.count <= width })
    }
  }

  @Test("The catalog is the same for the same seed and size")
  func deterministicCatalog() {
    #expect(ShowcaseCatalog.records(count: 50) == ShowcaseCatalog.records(count: 50))
    #expect(ShowcaseCatalog.records(count: 50, seed: 1) != ShowcaseCatalog.records(count: 50, seed: 2))
    let stream = ShowcaseCatalog.stream(count: 50)
    #expect(Array(stream) == ShowcaseCatalog.records(count: 50))
    #expect(Array(stream) == Array(stream))
  }

  @Test("The sort control switches to the replicas sorted by price, keeping the query and filters")
  func sortByPrice() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    try await driver.play("wireless<Tab><Right><Right>")
    let filters = driver.app.filterState.description
    #expect(!filters.isEmpty)
    try await driver.play(String(repeating: "<Tab>", count: 8) + "<Right><Space>")
    #expect(driver.app.searcher.indexName == "products_price_asc")
    #expect(driver.text.contains("Sort:  Most popular  [Price ↑]"))
    let prices = { driver.app.searcher.latestResponse?.hits.compactMap { $0["price"]?.doubleValue } ?? [] }
    #expect(prices().count > 1 && prices() == prices().sorted())
    #expect(driver.app.searcher.query == "wireless" && driver.app.filterState.description == filters)
    try await driver.play("<Right><Space>")
    #expect(driver.app.searcher.indexName == "products_price_desc")
    #expect(prices().count > 1 && prices() == prices().sorted(by: >))
  }

  @Test("Suggestions drop down under the search box as one types; Down then Enter makes one the query")
  func suggestions() async throws {
    let driver = try ShowcaseDriver()
    await driver.start()
    #expect(!driver.text.contains("│ "))
    try await driver.play("son")
    let shown = driver.app.suggestions.suggestions.map(\.query)
    #expect(shown.count == 5 && shown.allSatisfy { $0.hasPrefix("son") })
    #expect(driver.text.contains("│ \(shown[0])"))
    try await driver.play("<Down><Down><Enter>")
    #expect(driver.app.searcher.query == shown[1])
    #expect(driver.text.contains("Search: \(shown[1])"))
    #expect(driver.app.searcher.latestResponse.map { $0.nbHits > 0 } == true)
    // Leaving the search box hides them.
    try await driver.play("<Tab>")
    #expect(!driver.text.contains("│ "))
  }

  @Test("The README's captured frame is what the demo's default catalog shows for its key script")
  func readmeFrame() async throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let intro = try #require(readme.range(of: "swift run instantsearch demo --keys \""))
    let script = try #require(readme[intro.upperBound...].split(separator: "\"").first)
    let block = try #require(readme[intro.upperBound...].components(separatedBy: "```text\n").dropFirst().first)
    let captured = try #require(block.components(separatedBy: "\n```").first)
    let driver = try ShowcaseDriver(size: 20_000)
    await driver.start()
    try await driver.play(String(script))
    // Only the timing differs from run to run.
    let normalize = { (text: String) in
      text.replacingOccurrences(of: #"in \d+ ms"#, with: "in N ms", options: .regularExpression)
    }
    #expect(normalize(driver.text) == normalize(captured))
  }

}
