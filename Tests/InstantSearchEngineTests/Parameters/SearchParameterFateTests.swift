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
    let article = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/InstantSearchEngine/InstantSearchEngine.docc/SearchParameters.md")
    let whole = try String(contentsOf: article, encoding: .utf8)
    // The parameters' table, before the settings'.
    let text = whole[..<(whole.range(of: "## Index settings")?.lowerBound ?? whole.endIndex)]
    var table: [String: String] = [:]
    for line in text.split(separator: "\n") where line.hasPrefix("| `") {
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      table[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[2]
    }
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
    // The names of the spec's search parameters (baseSearchParamsWithoutQuery and
    // indexSettingsAsSearchParams in the Common Test Suite's specs), read from there.
    let specs = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("shared/reference/algolia-cts/specs/common/schemas")
    try #require(FileManager.default.fileExists(atPath: specs.path), "the Common Test Suite's specs at \(specs.path)")
    var names: Set<String> = []
    for (file, section) in [
      ("SearchParams.yml", "baseSearchParamsWithoutQuery:"), ("IndexSettings.yml", "indexSettingsAsSearchParams:"),
    ] {
      let text = try String(contentsOf: specs.appendingPathComponent(file), encoding: .utf8)
      var inSection = false
      var inProperties = false
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if !line.hasPrefix(" "), !line.isEmpty {
          inSection = line == section
          inProperties = false
          continue
        }
        guard inSection else { continue }
        if line == "  properties:" {
          inProperties = true
        } else if inProperties, line.hasPrefix("    "), !line.hasPrefix("     "), line.hasSuffix(":") {
          names.insert(String(line.dropFirst(4).dropLast()))
        }
      }
    }
    #expect(names.count > 60)
    #expect(
      names.subtracting(SearchParameterFate.all.keys).isEmpty, "\(names.subtracting(SearchParameterFate.all.keys))")
  }
}
