import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Query rules: conditions, consequences, precedence, rules.json")
struct QueryRuleTests {
  static let records: [[String: JSON]] = [
    ["objectID": "1", "name": "running shoes", "brand": "Acme", "price": 50, "rank": 10],
    ["objectID": "2", "name": "trail shoes", "brand": "Bolt", "price": 80, "rank": 9],
    ["objectID": "3", "name": "summer sale shoes", "brand": "Acme", "price": 30, "rank": 8],
    ["objectID": "4", "name": "winter boots", "brand": "Crest", "price": 120, "rank": 7],
    ["objectID": "5", "name": "gift card", "brand": "Crest", "price": 25, "rank": 6],
  ]

  static func index(_ rules: [JSON]) throws -> LocalIndex {
    let index = try Fixture.index(
      records, settings: ["attributesForFaceting": ["brand"], "customRanking": ["desc(rank)"]])
    index.saveRules(try rules.map { rule throws(EngineError) in try QueryRule(json: rule) })
    return index
  }

  static func rule(_ id: String, pattern: String, anchoring: String = "contains", consequence: JSON) -> JSON {
    [
      "objectID": .string(id), "conditions": [["pattern": .string(pattern), "anchoring": .string(anchoring)]],
      "consequence": consequence,
    ]
  }

  @Test("Anchorings: is, startsWith, endsWith, contains; userData and appliedRules come back; enableRules off")
  func anchorings() throws {
    let index = try Self.index([
      Self.rule("is", pattern: "shoes", anchoring: "is", consequence: ["userData": ["banner": "is"]]),
      Self.rule("starts", pattern: "trail", anchoring: "startsWith", consequence: ["userData": ["banner": "starts"]]),
      Self.rule("ends", pattern: "boots", anchoring: "endsWith", consequence: ["userData": ["banner": "ends"]]),
      Self.rule("contains", pattern: "sale", consequence: ["userData": ["banner": "sale"]]),
    ])
    func banners(_ text: String, _ configure: (inout Query) -> Void = { _ in }) throws -> [String] {
      let response = try index.search(Fixture.query(text, configure))
      return (response.userData ?? []).compactMap { $0["banner"]?.stringValue }
    }
    #expect(try banners("shoes") == ["is"])
    #expect(try banners("Shoes!") == ["is"], "patterns match folded words")
    #expect(try banners("running shoes").isEmpty)
    #expect(try banners("trail shoes") == ["starts"])
    #expect(try banners("shoes trail").isEmpty)
    #expect(try banners("winter boots") == ["ends"])
    #expect(try banners("big summer SALE today") == ["sale"])
    #expect(try banners("sal").isEmpty, "a pattern matches whole words")
    #expect(try banners("sale") { $0.enableRules = false }.isEmpty)
    let response = try index.search(Fixture.query("sale"))
    #expect(response.appliedRules == [["objectID": "contains"]])
    #expect(try index.search(Fixture.query("gift")).appliedRules == nil)
  }

  @Test("params: filters ANDed with the search's, other parameters replace; query edits remove and replace words")
  func params() throws {
    let index = try Self.index([
      Self.rule(
        "cheap", pattern: "cheap",
        consequence: [
          "params": [
            "filters": "price < 60", "query": ["edits": [["type": "remove", "delete": "cheap"]]],
            "hitsPerPage": 2,
          ]
        ]),
      Self.rule(
        "sneakers", pattern: "sneakers",
        consequence: [
          "params": ["query": ["edits": [["type": "replace", "delete": "sneakers", "insert": "shoes"]]]]
        ]),
      Self.rule("old", pattern: "footwear", consequence: ["params": ["query": ["remove": ["footwear"]]]]),
    ])
    let cheap = try index.search(Fixture.query("cheap shoes", filters: "brand:Acme"))
    #expect(Fixture.ids(cheap) == ["1", "3"] && cheap.hitsPerPage == 2)
    #expect(cheap.query == "cheap shoes", "the response keeps the query as typed")
    #expect(Fixture.ids(try index.search(Fixture.query("sneakers"))) == ["1", "2", "3"])
    #expect(Fixture.ids(try index.search(Fixture.query("footwear boots"))) == ["4"])
  }

  @Test("Promote places records (a non-match adds to nbHits); hide removes them from hits, nbHits and facets")
  func promoteAndHide() throws {
    let index = try Self.index([
      Self.rule(
        "gift", pattern: "shoes",
        consequence: [
          "promote": [["objectID": "5", "position": 0], ["objectIDs": ["3"], "position": 2]],
          "hide": [["objectID": "1"]],
        ])
    ])
    let response = try index.search(Fixture.query("shoes") { $0.facets = ["brand"] })
    #expect(Fixture.ids(response) == ["5", "2", "3"])
    #expect(response.nbHits == 3, "2 and 3 match, 1 is hidden, 5 is promoted from outside the matches")
    #expect(response.facets["brand"] == ["Acme": 1, "Bolt": 1])
    // Pages see the same list.
    let second = try index.search(
      Fixture.query("shoes") {
        $0.hitsPerPage = 2
        $0.page = 1
      })
    #expect(Fixture.ids(second) == ["3"])
    // filterPromotes: a promoted record must pass the filters.
    let filtered = try Self.index([
      Self.rule(
        "gift", pattern: "shoes", consequence: ["promote": [["objectID": "5", "position": 0]], "filterPromotes": true])
    ])
    #expect(Fixture.ids(try filtered.search(Fixture.query("shoes", filters: "price > 40"))) == ["1", "2"])
    #expect(Fixture.ids(try filtered.search(Fixture.query("shoes", filters: "price < 40"))) == ["5", "3"])
    // Hidden records stay hidden without query words and filters too.
    let hideAll = try Self.index([
      [
        "objectID": "empty", "conditions": [["pattern": "", "anchoring": "is"]],
        "consequence": ["hide": [["objectID": "1"]]],
      ]
    ])
    let all = try hideAll.search(Fixture.query(""))
    #expect(all.nbHits == 4 && !Fixture.ids(all).contains("1"))
  }

  @Test("Contexts, condition filters, validity and enabled decide whether a rule applies")
  func conditions() throws {
    let now = Date().timeIntervalSince1970
    let index = try Self.index([
      ["objectID": "mobile", "conditions": [["context": "mobile"]], "consequence": ["userData": "mobile"]],
      ["objectID": "acme", "conditions": [["filters": "brand:Acme"]], "consequence": ["userData": "acme"]],
      [
        "objectID": "past", "conditions": [["pattern": "gift"]], "consequence": ["userData": "past"],
        "validity": [["from": .number(now - 7200), "until": .number(now - 3600)]],
      ],
      [
        "objectID": "current", "conditions": [["pattern": "gift"]], "consequence": ["userData": "current"],
        "validity": [["from": .number(now - 3600), "until": .number(now + 3600)]],
      ],
      ["objectID": "off", "conditions": [["pattern": "card"]], "consequence": ["userData": "off"], "enabled": false],
    ])
    func data(_ query: Query) throws -> [String] {
      try index.search(query).userData?.compactMap(\.stringValue) ?? []
    }
    #expect(try data(Fixture.query("shoes") { $0.ruleContexts = ["mobile", "ios"] }) == ["mobile"])
    #expect(try data(Fixture.query("shoes")).isEmpty)
    #expect(try data(Fixture.query("shoes", filters: "brand:acme AND price > 1")) == ["acme"])
    #expect(try data(Fixture.query("shoes") { $0.facetFilters = [["brand:Acme"]] }) == ["acme"])
    #expect(try data(Fixture.query("gift card")) == ["current"])
  }

  @Test("A validity period with only from lasts from then on, only until up to then; a bad bound is refused")
  func openPeriods() throws {
    let now = Date().timeIntervalSince1970
    // Rules on different words of "gift card" (rules on the same words would give way to one another).
    func rule(_ id: String, _ word: String, _ period: [String: JSON]) -> JSON {
      [
        "objectID": .string(id), "conditions": [["pattern": .string(word)]], "consequence": ["userData": .string(id)],
        "validity": [.object(period)],
      ]
    }
    for (rules, expected) in [
      (
        [
          rule("started", "gift", ["from": .number(now - 3600)]), rule("ended", "card", ["until": .number(now - 3600)]),
        ],
        ["started"]
      ),
      (
        [rule("later", "gift", ["from": .number(now + 3600)]), rule("open", "card", ["until": .number(now + 3600)])],
        ["open"]
      ),
    ] {
      let index = try Self.index(rules)
      #expect(try index.search(Fixture.query("gift card")).userData?.compactMap(\.stringValue) == expected)
    }
    #expect(throws: EngineError.self) { try QueryRule(json: rule("bad", "gift", ["from": "soon"])) }
  }

  @Test("Precedence: rules matching the same words give way to the more specific; distinct words both apply")
  func precedence() throws {
    let index = try Self.index([
      Self.rule("contains", pattern: "sale", consequence: ["userData": "contains"]),
      Self.rule("is", pattern: "sale", anchoring: "is", consequence: ["userData": "is"]),
      Self.rule("longer", pattern: "summer sale", consequence: ["userData": "longer"]),
      Self.rule("shoes", pattern: "shoes", consequence: ["userData": "shoes"]),
    ])
    func data(_ text: String) throws -> [String] {
      try index.search(Fixture.query(text)).userData?.compactMap(\.stringValue) ?? []
    }
    #expect(try data("sale") == ["is"])
    #expect(try data("summer sale") == ["longer"])
    #expect(try data("sale shoes") == ["contains", "shoes"])
  }

  @Test("{facet:attr} placeholders match a facet value; automatic facet filters and removal use the value matched")
  func facetPlaceholders() throws {
    let index = try Self.index([
      [
        "objectID": "brand", "conditions": [["pattern": "{facet:brand}", "anchoring": "contains"]],
        "consequence": [
          "params": ["automaticFacetFilters": ["brand"], "query": ["remove": ["{facet:brand}"]]],
          "userData": "brand",
        ],
      ],
      [
        "objectID": "cheap", "conditions": [["pattern": "cheap {facet:brand}", "anchoring": "is"]],
        "consequence": [
          "params": ["automaticOptionalFacetFilters": [["facet": "brand", "score": 3]]], "userData": "cheap",
        ],
      ],
    ])
    // "acme shoes": the brand rule filters on Acme and searches "shoes".
    let acme = try index.search(Fixture.query("acme shoes"))
    #expect(Fixture.ids(acme) == ["1", "3"] && acme.userData == ["brand"])
    // A literal pattern with a placeholder, anchored `is`, takes precedence over the bare placeholder
    // (longer match); its optional filter ranks Crest first without filtering.
    let cheap = try index.search(Fixture.query("cheap crest") { $0.enableRules = true })
    #expect(cheap.userData == ["cheap"])
    // No brand in the query: neither applies.
    #expect(try index.search(Fixture.query("shoes")).appliedRules == nil)
  }

  @Test("alternatives: true lets a pattern match a misspelling within the typo budget and a synonym")
  func alternatives() throws {
    let index = try Self.index([
      [
        "objectID": "sale", "conditions": [["pattern": "discount", "anchoring": "contains", "alternatives": true]],
        "consequence": ["userData": "sale"],
      ],
      [
        "objectID": "strict", "conditions": [["pattern": "clearance", "anchoring": "contains"]],
        "consequence": ["userData": "strict"],
      ],
    ])
    index.saveSynonyms([try Synonym(json: ["objectID": "s", "type": "synonym", "synonyms": ["discount", "promo"]])])
    func data(_ text: String) throws -> [String] {
      try index.search(Fixture.query(text)).userData?.compactMap(\.stringValue) ?? []
    }
    #expect(try data("discount shoes") == ["sale"])
    #expect(try data("discuont shoes") == ["sale"], "a transposition is one typo")
    #expect(try data("promo shoes") == ["sale"], "a synonym")
    #expect(try data("discotheque").isEmpty)
    #expect(try data("clearence").isEmpty, "without alternatives, exact words only")
  }

  @Test("alternatives: true also matches a pattern word's plurals, in the query's languages")
  func alternativePlurals() throws {
    let index = try Self.index([
      [
        "objectID": "mice", "conditions": [["pattern": "mouse", "anchoring": "contains", "alternatives": true]],
        "consequence": ["userData": "mice"],
      ],
      [
        "objectID": "strict", "conditions": [["pattern": "goose", "anchoring": "contains"]],
        "consequence": ["userData": "geese"],
      ],
    ])
    func data(_ text: String, languages: [String]? = nil) throws -> [String] {
      try index.search(Fixture.query(text) { $0.queryLanguages = languages }).userData?.compactMap(\.stringValue) ?? []
    }
    #expect(try data("gaming mice") == ["mice"])
    #expect(try data("gaming mice", languages: ["fr"]).isEmpty, "French has no mouse/mice")
    #expect(try data("geese").isEmpty, "without alternatives, exact words only")
  }

  @Test("A rule's renderingContent replaces the index's; rules.json as Algolia exports it loads and reads back")
  func exportFormat() throws {
    let text = """
      [{"objectID":"qr-1","conditions":[{"pattern":"sale","anchoring":"contains","alternatives":false}],
        "consequence":{"params":{"renderingContent":{"facetOrdering":{"facets":{"order":["brand"]}}}},
                       "userData":{"title":"Sale!"},"filterPromotes":false},
        "description":"Sale banner","enabled":true,"tags":["visual-editor"]},
       {"objectID":"qr-2","condition":{"pattern":"boots","anchoring":"is"},
        "consequence":{"params":{"query":"winter boots"}}}]
      """
    let rules = try QueryRule.rules(jsonData: Data(text.utf8))
    #expect(rules.map(\.objectID) == ["qr-1", "qr-2"])
    let original = try JSONDecoder().decode(JSON.self, from: Data(text.utf8))
    #expect(JSON.array(rules.map(\.json)) == original, "rules keep their JSON as given")
    let index = try Self.index(rules.map(\.json))
    let response = try index.search(Fixture.query("sale"))
    #expect(response.renderingContent?.facetOrdering?.facets?.order == ["brand"])
    #expect(Fixture.ids(try index.search(Fixture.query("boots"))) == ["4"])
    #expect(throws: EngineError.self) { try QueryRule(json: ["conditions": []]) }
    #expect(throws: EngineError.self) {
      try QueryRule(json: ["objectID": "x", "conditions": [["pattern": "a", "anchoring": "near"]]])
    }
  }

  @Test("Rules are saved with the settings of an index directory and survive reopening and settings changes")
  func durable() throws {
    let folder = try ScratchFolder()
    do {
      let durable = try DurableIndex(directory: folder.path, name: "p")
      try durable.saveRecords(Self.records)
      var settings = durable.index.settings
      settings.rules = [try QueryRule(json: Self.rule("r", pattern: "sale", consequence: ["userData": 1]))]
      try durable.setSettings(settings)
    }
    let reopened = try DurableIndex(directory: folder.path, name: "p")
    #expect(reopened.index.rules.map(\.objectID) == ["r"])
    #expect(try reopened.index.search(Query("sale")).userData == [1])
    reopened.index.saveRules([try QueryRule(json: Self.rule("s", pattern: "boots", consequence: [:]))])
    #expect(reopened.index.rules.map(\.objectID) == ["r", "s"])
    #expect(reopened.index.deleteRule(objectID: "r") && !reopened.index.deleteRule(objectID: "r"))
    #expect([try QueryRule(json: Self.rule("a", pattern: "boots", consequence: [:]))].matching("boot").count == 1)
  }
}
