import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting
import Testing

/// A menu view that records the rows it is given.
@MainActor
final class TestHierarchicalController: HierarchicalController {
  var onClick: ((String) -> Void)?
  var rows: [HierarchicalFacet] = []
  var updates = 0

  func setItem(_ item: [HierarchicalFacet]) {
    rows = item
    updates += 1
  }

  /// Each row as `<indent><value> (<count>)[ ✓]`.
  var shown: [String] {
    rows.map {
      String(repeating: "  ", count: $0.level) + "\($0.facet.value) (\($0.facet.count))" + ($0.isSelected ? " ✓" : "")
    }
  }
}

/// A catalog with a three-level category tree (one top-level name holds the separator) and a brand.
@MainActor
enum HierarchicalFixtureCatalog {
  static let attributes: [Attribute] = ["categories.lvl0", "categories.lvl1", "categories.lvl2"]

  static let paths: [[String]] = [
    ["Men", "Men > Shoes", "Men > Shoes > Boots"], ["Men", "Men > Shoes", "Men > Shoes > Sandals"],
    ["Men", "Men > Hats"], ["Women", "Women > Shoes", "Women > Shoes > Boots"], ["Women", "Women > Bags"],
    ["Kids > 12", "Kids > 12 > Shoes"], ["Kids > 12", "Kids > 12 > Hats"], ["Kids", "Kids > Toys"],
  ]
  static let brands = ["Acme", "Bolt", "Core"]

  /// 48 records: every path with every brand, twice for some.
  static let records: [[String: JSON]] = (0..<48).map { number in
    let path = paths[number % paths.count]
    var categories: [String: JSON] = [:]
    for (level, value) in path.enumerated() { categories["lvl\(level)"] = .string(value) }
    return [
      "objectID": .string("\(number)"), "name": .string("item \(number)"), "categories": .object(categories),
      "brand": .string(brands[(number / paths.count + number) % brands.count]),
    ]
  }

  static func searcher() throws -> HitsSearcher {
    let index = LocalIndex(
      name: "products",
      settings: try IndexSettings(json: [
        "searchableAttributes": ["name"],
        "attributesForFaceting": .array((attributes.map(\.rawValue) + ["brand"]).map { .string($0) }),
      ]))
    try index.saveRecords(records)
    return HitsSearcher(client: LocalSearchClient(indices: [index]), indexName: "products")
  }

  /// The counts of level `level` computed by hand: records of `brand` (any when `nil`) under `parent`.
  static func naiveCounts(level: Int, parent: String?, brand: String?) -> [String: Int] {
    var counts: [String: Int] = [:]
    for (number, path) in records.indices.map({ ($0, paths[$0 % paths.count]) }) {
      guard level < path.count else { continue }
      if let brand, records[number]["brand"] != .string(brand) { continue }
      if let parent, path[level - 1] != parent { continue }
      counts[path[level], default: 0] += 1
    }
    return counts
  }
}

@MainActor
@Suite("Hierarchical menu")
struct HierarchicalTests {
  typealias Catalog = HierarchicalFixtureCatalog

  @Test("The documented example: a three-level menu expands the selected path")
  func documentedExample() async throws {
    let searcher = try Catalog.searcher()
    let filterState = FilterState()
    let controller = TestHierarchicalController()
    let hierarchicalConnector = HierarchicalConnector(
      searcher: searcher, filterState: filterState, hierarchicalAttributes: Catalog.attributes, separator: " > ",
      controller: controller)
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.shown == ["Kids (6)", "Kids > 12 (12)", "Men (18)", "Women (12)"])
    controller.onClick?("Men")
    await searcher.waitForResults()
    #expect(filterState.description == #"( "categories.lvl0":"Men" )"#)
    #expect(
      controller.shown == [
        "Kids (6)", "Kids > 12 (12)", "Men (18) ✓", "  Men > Hats (6)", "  Men > Shoes (12)", "Women (12)",
      ])
    controller.onClick?("Men > Shoes")
    await searcher.waitForResults()
    #expect(
      controller.shown == [
        "Kids (6)", "Kids > 12 (12)", "Men (18) ✓", "  Men > Hats (6)", "  Men > Shoes (12) ✓",
        "    Men > Shoes > Boots (6)", "    Men > Shoes > Sandals (6)", "Women (12)",
      ])
    #expect(searcher.latestResponse?.nbHits == 12)
    #expect(hierarchicalConnector.interactor.selections == ["Men", "Men > Shoes"])
  }

  @Test("Selecting a parent clears the deeper levels; clicking the deepest selected value goes back to its parent")
  func selectionRules() async throws {
    let searcher = try Catalog.searcher()
    let state = FilterState()
    searcher.connectFilterState(state)
    let connector = HierarchicalConnector(
      searcher: searcher, filterState: state, hierarchicalAttributes: Catalog.attributes, separator: " > ")
    searcher.search()
    await searcher.waitForResults()
    let interactor = connector.interactor
    interactor.computeSelection(key: "Men")
    await searcher.waitForResults()
    interactor.computeSelection(key: "Men > Shoes")
    await searcher.waitForResults()
    interactor.computeSelection(key: "Men > Shoes > Boots")
    await searcher.waitForResults()
    #expect(state.description == #"( "categories.lvl2":"Men > Shoes > Boots" )"#)
    interactor.computeSelection(key: "Men")
    #expect(interactor.selections == ["Men"] && state.description == #"( "categories.lvl0":"Men" )"#)
    await searcher.waitForResults()
    interactor.computeSelection(key: "Men")
    #expect(interactor.selections.isEmpty && state.isEmpty)
  }

  @Test("The state wins at connect: a selected value set before connecting is expanded with its path")
  func derivedAtConnect() {
    let state = FilterState()
    state[hierarchical: "categories.lvl0"].add(Filter.Facet(attribute: "categories.lvl1", stringValue: "Men > Shoes"))
    let interactor = HierarchicalInteractor(hierarchicalAttributes: Catalog.attributes, separator: " > ")
    interactor.connectFilterState(state)
    #expect(interactor.selections == ["Men", "Men > Shoes"])
    // A change made elsewhere (here, clearing the group) is followed.
    state[hierarchical: "categories.lvl0"].removeAll()
    #expect(interactor.selections.isEmpty)
  }

  @Test("Only the menu's own filters are written: another attribute's filter in its group stays")
  func exactRemoval() {
    let state = FilterState()
    let other = Filter.Facet(attribute: "brand", stringValue: "Acme")
    state[hierarchical: "categories.lvl0"].add(other)
    let interactor = HierarchicalInteractor(hierarchicalAttributes: Catalog.attributes, separator: " > ")
    interactor.connectFilterState(state)
    var changes = 0
    let token = state.onChange { _ in changes += 1 }
    interactor.computeSelection(key: "Women")
    interactor.computeSelection(key: "Women")
    #expect(state.filters.allFilters == [.facet(other)])
    #expect(changes == 2)
    token.cancel()
  }

  @Test("The presenter nests children under the selected path, keeps a selected value missing from the results")
  func presenter() {
    let levels: [[Facet]] = [
      [Facet(value: "Women", count: 4), Facet(value: "Men", count: 6)],
      [Facet(value: "Men > Shoes", count: 4), Facet(value: "Women > Bags", count: 2)],
    ]
    let rows = HierarchicalPresenter().present(levels: levels, path: ["Men", "Men > Belts"], separator: " > ")
    #expect(rows.map(\.facet.value) == ["Men", "Men > Belts", "Men > Shoes", "Women"])
    #expect(rows.map(\.level) == [0, 1, 1, 0])
    #expect(rows.map(\.isSelected) == [true, true, false, false])
    #expect(rows[1].facet.count == 0 && rows[2].name(separator: " > ") == "Shoes")
    let byCount = HierarchicalPresenter(areInIncreasingOrder: HierarchicalPresenter.byCount)
    #expect(byCount.present(levels: levels, path: [], separator: " > ").map(\.facet.value) == ["Men", "Women"])
  }

  @Test("A response without a level shows what it has (the anchor crashed)")
  func missingLevel() async {
    let client = ScriptedSearchClient { call in
      call.queries.map { _ in SearchResponse(facets: ["categories.lvl0": ["Men": 2]]) }
    }
    let searcher = HitsSearcher(client: client, indexName: "products")
    let state = FilterState()
    searcher.connectFilterState(state)
    let controller = TestHierarchicalController()
    let connector = HierarchicalConnector(
      searcher: searcher, filterState: state, hierarchicalAttributes: Catalog.attributes, separator: " > ",
      controller: controller)
    connector.interactor.computeSelection(key: "Men")
    await searcher.waitForResults()
    #expect(client.calls.last?.queries.count == 3)
    #expect(controller.shown == ["Men (2) ✓"])
  }

  @Test("Disconnecting undoes connecting: facets, the menu's faceting, the view's clicks")
  func disconnect() {
    let searcher = HitsSearcher(client: ScriptedSearchClient(response: SearchResponse()), indexName: "products")
    let state = FilterState()
    let controller = TestHierarchicalController()
    let connector = HierarchicalConnector(
      searcher: searcher, filterState: state, hierarchicalAttributes: Catalog.attributes, separator: " > ",
      controller: controller)
    #expect(searcher.request.facets == Catalog.attributes.map(\.rawValue))
    #expect(searcher.hierarchicalFaceting.count == 1)
    connector.disconnect()
    #expect(searcher.request.facets == [] && searcher.hierarchicalFaceting.isEmpty && controller.onClick == nil)
    state[hierarchical: "categories.lvl0"].add(Filter.Facet(attribute: "categories.lvl0", stringValue: "Men"))
    #expect(connector.interactor.selections.isEmpty)
    connector.connect()
    #expect(connector.interactor.selections == ["Men"])
    #expect(searcher.hierarchicalFaceting.first?.path == ["Men"])
  }

  @Test("The observable controller publishes once per change")
  func observableController() async throws {
    let searcher = try Catalog.searcher()
    let state = FilterState()
    searcher.connectFilterState(state)
    let controller = HierarchicalObservableController()
    let counter = PublicationCounter(controller)
    let connector = HierarchicalConnector(
      searcher: searcher, filterState: state, hierarchicalAttributes: Catalog.attributes, separator: " > ",
      controller: controller)
    #expect(counter.count == 0)  // nothing to show yet: an equal (empty) list publishes nothing
    searcher.search()
    await searcher.waitForResults()
    #expect(counter.count == 1)
    controller.select("Women")
    // The selection shows at once: one publication.
    #expect(counter.count == 2)
    await searcher.waitForResults()
    // The level queries bring the counts already shown: equal rows publish nothing.
    #expect(counter.count == 2)
    controller.select("Women > Bags")
    await searcher.waitForResults()
    #expect(counter.count == 3)
    _ = connector
  }

  @Test("End to end on the embedded engine: every shown level's counts equal a naive count over the records")
  func endToEndCounts() async throws {
    let searcher = try Catalog.searcher()
    let state = FilterState()
    searcher.connectFilterState(state)
    let connector = HierarchicalConnector(
      searcher: searcher, filterState: state, hierarchicalAttributes: Catalog.attributes, separator: " > ")
    let interactor = connector.interactor
    let scenarios: [(clicks: [String], brand: String?)] = [
      ([], nil), (["Men"], nil), (["Men", "Men > Shoes"], nil), (["Men", "Men > Shoes", "Men > Shoes > Boots"], nil),
      (["Kids > 12"], nil), (["Kids > 12", "Kids > 12 > Hats"], "Acme"), (["Women", "Women > Shoes"], "Acme"),
      (["Kids"], "Core"),
    ]
    for scenario in scenarios {
      state.removeAll()
      if let brand = scenario.brand { state[and: "brand"].add(Filter.Facet(attribute: "brand", stringValue: brand)) }
      searcher.search()
      await searcher.waitForResults()
      for click in scenario.clicks {
        interactor.computeSelection(key: click)
        await searcher.waitForResults()
      }
      #expect(interactor.selections == scenario.clicks, "\(scenario)")
      let path = interactor.selections
      for level in 0...min(path.count, Catalog.attributes.count - 1) {
        let parent = level == 0 ? nil : path[level - 1]
        let expected = Catalog.naiveCounts(level: level, parent: parent, brand: scenario.brand)
        let shown = Dictionary(uniqueKeysWithValues: interactor.item[level].map { ($0.value, $0.count) })
        #expect(shown == expected, "level \(level) of \(scenario)")
      }
      let leafCount = Catalog.naiveCounts(
        level: max(path.count - 1, 0), parent: path.count > 1 ? path[path.count - 2] : nil, brand: scenario.brand)
      let expectedHits = path.last.map { leafCount[$0] ?? 0 } ?? leafCount.values.reduce(0, +)
      #expect(searcher.latestResponse?.nbHits == expectedHits, "\(scenario)")
    }
  }

  @Test("A selection set from outside whose top name holds the separator is resolved with the values seen")
  func separatorInsideValueFromState() async throws {
    let searcher = try Catalog.searcher()
    let state = FilterState()
    searcher.connectFilterState(state)
    let connector = HierarchicalConnector(
      searcher: searcher, filterState: state, hierarchicalAttributes: Catalog.attributes, separator: " > ")
    searcher.search()
    await searcher.waitForResults()
    state[hierarchical: "categories.lvl0"].add(
      Filter.Facet(attribute: "categories.lvl1", stringValue: "Kids > 12 > Shoes"))
    #expect(connector.interactor.selections == ["Kids > 12", "Kids > 12 > Shoes"])
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.nbHits == 6)
    let shown = Dictionary(uniqueKeysWithValues: connector.interactor.item[1].map { ($0.value, $0.count) })
    #expect(shown == Catalog.naiveCounts(level: 1, parent: "Kids > 12", brand: nil))
  }

  @Test("Removing the selection through Current Filters clears the menu and nothing else (anchor bug 12)")
  func removalThroughCurrentFilters() throws {
    let state = FilterState()
    state[and: "brand"].add(Filter.Facet(attribute: "brand", stringValue: "Acme"))
    let menu = HierarchicalInteractor(hierarchicalAttributes: Catalog.attributes, separator: " > ")
    menu.connectFilterState(state)
    menu.computeSelection(key: "Men")
    menu.computeSelection(key: "Men > Shoes")
    let current = CurrentFiltersInteractor()
    current.connectFilterState(state)
    #expect(current.items.count == 2)
    let leaf = try #require(current.items.first { $0.id == menu.groupID })
    current.remove(leaf)
    #expect(menu.selections.isEmpty)
    #expect(state.description == #"( "brand":"Acme" )"#)
  }

}
