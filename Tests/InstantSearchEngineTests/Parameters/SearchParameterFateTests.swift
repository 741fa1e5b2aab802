import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Search parameters: applied, accepted with no effect, or refused — never ignored")
struct SearchParameterFateTests {
  static let records: [[String: JSON]] = [
    ["objectID": "1", "name": "red shirt", "brand": "A"],
    ["objectID": "2", "name": "blue shirt", "brand": "B"],
  ]

  static func index() throws -> LocalIndex {
    try Fixture.index(records, settings: ["attributesForFaceting": ["searchable(brand)"]])
  }

  static func query(_ name: String, _ value: JSON) -> Query {
    Fixture.query("shirt") { $0.additionalParameters[name] = value }
  }

  @Test("A name that is not Algolia's is refused as Algolia refuses it, in search, browse and facet search")
  func unknownRefused() throws {
    let index = try Self.index()
    let query = Self.query("restrictSearchableAttribute", ["name"])
    #expect(throws: EngineError.unknownParameter("restrictSearchableAttribute")) { try index.search(query) }
    #expect(throws: EngineError.unknownParameter("restrictSearchableAttribute")) {
      try index.browse(query, offset: 0, count: 10)
    }
    #expect(throws: EngineError.unknownParameter("restrictSearchableAttribute")) {
      try index.searchForFacetValues(attribute: "brand", facetQuery: "a", query: query)
    }
    #expect(EngineError.unknownParameter("x").description == "Unknown parameter: x")
    #expect(EngineError.unknownParameter("x").status == 400)
    // A settings-only name is not a search parameter either.
    #expect(throws: EngineError.unknownParameter("searchableAttributes")) {
      try index.search(Self.query("searchableAttributes", ["name"]))
    }
  }

  @Test("A parameter with no effect here is accepted, and the answer is the same as without it")
  func noEffectAccepted() throws {
    let index = try Self.index()
    let plain = try index.search(Fixture.query("shirt"))
    for (name, fate) in SearchParameterFate.all {
      guard case .noEffect = fate else { continue }
      let answer = try index.search(Self.query(name, true))
      #expect(Fixture.ids(answer) == Fixture.ids(plain) && answer.nbHits == plain.nbHits, "\(name)")
    }
  }

  @Test("A parameter not applied yet is refused with a message that names it")
  func notYetRefused() throws {
    let index = try Self.index()
    for (name, fate) in SearchParameterFate.all where fate == .notYetApplied {
      #expect(throws: EngineError.parameterNotApplied(name)) { try index.search(Self.query(name, true)) }
    }
  }

  @Test("The first unknown name in sorted order is the one named, request after request")
  func stableName() throws {
    let index = try Self.index()
    var query = Fixture.query("shirt")
    query.additionalParameters = ["zzz": 1, "aaa": 1, "mmm": 1]
    #expect(throws: EngineError.unknownParameter("aaa")) { try index.search(query) }
  }

  @Test("The documentation's table lists every parameter with its fate, and nothing else")
  func tableAgrees() throws {
    // The parameters' table, before the settings'.
    let table = try ReferenceText.documentedFates(from: nil, to: "## Index settings")
    #expect(Set(table.keys) == Set(SearchParameterFate.all.keys))
    for (name, fate) in SearchParameterFate.all {
      let expected =
        switch fate {
        case .applied: "applied"
        case .noEffect: "no effect"
        case .notYetApplied: "refused (not applied yet)"
        }
      #expect(table[name] == expected, "\(name)")
    }
  }

  @Test("Every parameter of Algolia's search API spec has a fate")
  func specCovered() throws {
    // The spec's search parameters: baseSearchParamsWithoutQuery and indexSettingsAsSearchParams.
    let names = try ReferenceText.specProperties("SearchParams.yml", sections: ["baseSearchParamsWithoutQuery:"])
      .union(ReferenceText.specProperties("IndexSettings.yml", sections: ["indexSettingsAsSearchParams:"]))
    #expect(names.count > 60)
    #expect(
      names.subtracting(SearchParameterFate.all.keys).isEmpty, "\(names.subtracting(SearchParameterFate.all.keys))")
  }
}
