import InstantSearchCore
import InstantSearchEngine
import InstantSearchTesting
import Testing

/// A dynamic facet list view that records what it is given.
@MainActor
final class TestDynamicFacetListController: DynamicFacetListController {
  var didSelect: ((Attribute, Facet) -> Void)?
  var orderedFacets: [AttributedFacets] = []
  var selections: [Attribute: Set<String>] = [:]

  func setOrderedFacets(_ orderedFacets: [AttributedFacets]) { self.orderedFacets = orderedFacets }
  func setSelections(_ selections: [Attribute: Set<String>]) { self.selections = selections }

  /// `attribute: value (count)[ ✓], …` per section.
  var shown: [String] {
    orderedFacets.map { section in
      section.attribute.rawValue + ": "
        + section.facets.map {
          "\($0.value) (\($0.count))" + (selections[section.attribute]?.contains($0.value) == true ? " ✓" : "")
        }.joined(separator: ", ")
    }
  }

  func tap(_ value: String, of attribute: Attribute) {
    guard
      let facet = orderedFacets.first(where: { $0.attribute == attribute })?.facets.first(where: { $0.value == value })
    else { return }
    didSelect?(attribute, facet)
  }
}

@MainActor
@Suite("Dynamic facet list")
struct DynamicFacetListTests {
  static let renderingContent: JSON = [
    "facetOrdering": [
      "facets": ["order": ["color", "category", "*"]],
      "values": [
        "color": ["order": ["green"], "sortRemainingBy": "alpha", "hide": ["blue"]],
        "category": ["sortRemainingBy": "count"],
        "size": ["order": ["9", "1"], "sortRemainingBy": "hidden"],
      ],
    ]
  ]

  /// The widget fixture catalog with merchandising in its settings.
  static func searcher() throws -> HitsSearcher {
    let index = LocalIndex(
      name: "products",
      settings: try IndexSettings(json: [
        "searchableAttributes": ["name"],
        "attributesForFaceting": ["category", "color", "price", "size", "inStock", "gender"],
        "renderingContent": renderingContent,
      ]))
    try index.saveRecords(WidgetFixture.records)
    let searcher = HitsSearcher(client: LocalSearchClient(indices: [index]), indexName: "products")
    searcher.request.facets = ["category", "color", "size", "gender"]
    return searcher
  }

  @Test("The documented example: facets and values in the order the settings' renderingContent sets")
  func documentedExample() async throws {
    let searcher = try Self.searcher()
    let filterState = FilterState()
    let controller = TestDynamicFacetListController()
    let dynamicFacetListConnector = DynamicFacetListConnector(
      searcher: searcher, filterState: filterState, selectionModeForAttribute: ["size": .single],
      filterGroupForAttribute: ["color": ("color", .or), "category": ("category", .and)], controller: controller)
    searcher.connectFilterState(filterState)
    searcher.search()
    await searcher.waitForResults()
    #expect(searcher.latestResponse?.renderingContent?.facetOrdering?.facets?.order == ["color", "category", "*"])
    #expect(
      controller.shown == [
        "color: green (1), red (2)",  // pinned green, then alphabetical; blue hidden
        "category: Hats (2), Shirts (2), Shoes (1)",
        "gender: female (2), male (2), not specified (1)",  // "*": the others by name
        "size: 9 (1), 1 (2)",  // pinned only: the others are hidden
      ])
    controller.tap("red", of: "color")
    await searcher.waitForResults()
    controller.tap("green", of: "color")
    await searcher.waitForResults()
    #expect(filterState.description == #"( "color":"green" OR "color":"red" )"#)
    // An OR group keeps its own counts (disjunctive faceting).
    #expect(controller.shown.first == "color: green (1) ✓, red (2) ✓")
    controller.tap("9", of: "size")
    controller.tap("1", of: "size")
    #expect(dynamicFacetListConnector.interactor.selections["size"] == ["1"])
  }

  @Test("The orderer: pinned values, hide, the three sort rules, the wildcard, no ordering at all")
  func orderer() {
    let facets: [Attribute: [Facet]] = [
      "b": [Facet(value: "x", count: 1), Facet(value: "y", count: 5), Facet(value: "z", count: 5)],
      "a": [Facet(value: "p", count: 2)], "c": [Facet(value: "q", count: 1)],
    ]
    #expect(FacetsOrderer(facetOrdering: nil).order(facets).map(\.attribute) == ["a", "b", "c"])
    #expect(FacetsOrderer(facetOrdering: nil).order(facets)[1].facets.map(\.value) == ["y", "z", "x"])
    let ordering = RenderingContent.FacetOrdering(
      facets: .init(order: ["c", "missing", "b"]),
      values: ["b": .init(order: ["x", "gone"], sortRemainingBy: .alpha, hide: ["z"])])
    let ordered = FacetsOrderer(facetOrdering: ordering).order(facets)
    #expect(ordered.map(\.attribute) == ["c", "b"])  // "a" is not listed and there is no "*"
    #expect(ordered[1].facets.map(\.value) == ["x", "y"])
  }

  @Test("Settings: renderingContent round-trips, and a wrong shape is an error naming its path")
  func settings() throws {
    let settings = try IndexSettings(json: ["renderingContent": Self.renderingContent])
    #expect(settings.renderingContent?.facetOrdering?.values?["size"]?.sortRemainingBy == .hidden)
    let again = try IndexSettings(json: settings.jsonObject)
    #expect(again.renderingContent == settings.renderingContent)
    #expect(throws: EngineError.self) {
      try IndexSettings(json: ["renderingContent": ["facetOrdering": ["values": ["size": ["sortRemainingBy": "size"]]]]]
      )
    }
    do {
      _ = try IndexSettings(json: ["renderingContent": ["facetOrdering": ["facets": ["order": "color"]]]])
      Issue.record("a string is not a list")
    } catch {
      #expect("\(error)".contains("renderingContent.facetOrdering.facets.order"))
    }
  }

  @Test("Selections are derived from the state at connect; a selected value missing from the results shows at 0")
  func derivedAtConnect() async throws {
    let searcher = try Self.searcher()
    let state = FilterState()
    state[or: "color"].add(Filter.Facet(attribute: "color", stringValue: "purple"))
    searcher.connectFilterState(state)
    let controller = TestDynamicFacetListController()
    let connector = DynamicFacetListConnector(
      searcher: searcher, filterState: state, filterGroupForAttribute: ["color": ("color", .or)],
      controller: controller)
    #expect(connector.interactor.selections == ["color": ["purple"]])
    searcher.search()
    await searcher.waitForResults()
    #expect(controller.shown.first == "color: green (1), purple (0) ✓, red (2)")
  }

  @Test("Only the attribute's own filters are written: other filters of its group stay")
  func exactRemoval() throws {
    let searcher = try Self.searcher()
    let state = FilterState()
    let other = Filter.Facet(attribute: "gender", stringValue: "male")
    state[and: "category"].add(other)
    let connector = DynamicFacetListConnector(searcher: searcher, filterState: state)
    connector.interactor.toggleSelection(ofFacetValue: "Hats", for: "category")
    #expect(state.description == #"( "category":"Hats" AND "gender":"male" )"#)
    connector.interactor.toggleSelection(ofFacetValue: "Hats", for: "category")
    #expect(state.filters.allFilters == [.facet(other)])
  }

  @Test("Disconnecting undoes connecting")
  func disconnect() throws {
    let searcher = try Self.searcher()
    let state = FilterState()
    let controller = TestDynamicFacetListController()
    let connector = DynamicFacetListConnector(searcher: searcher, filterState: state, controller: controller)
    connector.disconnect()
    #expect(controller.didSelect == nil)
    state[and: "color"].add(Filter.Facet(attribute: "color", stringValue: "red"))
    #expect(connector.interactor.selections.isEmpty)
    connector.connect()
    #expect(connector.interactor.selections == ["color": ["red"]])
  }

  @Test("The observable controller publishes once per change")
  func observableController() async throws {
    let searcher = try Self.searcher()
    let state = FilterState()
    searcher.connectFilterState(state)
    let controller = DynamicFacetListObservableController()
    let counter = PublicationCounter(controller)
    let connector = DynamicFacetListConnector(searcher: searcher, filterState: state, controller: controller)
    searcher.search()
    await searcher.waitForResults()
    #expect(counter.count == 1)
    let hats = try #require(controller.orderedFacets.first { $0.attribute == "category" }?.facets.first)
    controller.toggle(hats, for: "category")
    #expect(counter.count == 2 && controller.isSelected(hats, for: "category"))
    _ = connector
  }
}
