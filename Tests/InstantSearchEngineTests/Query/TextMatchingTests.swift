import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("Text matching, typos and prefixes")
struct TextMatchingTests {
  static let settings: [String: JSON] = ["searchableAttributes": ["name"]]

  static func index(_ names: [String]) throws -> LocalIndex {
    try Fixture.index(
      names.enumerated().map { ["objectID": .string("\($0.offset)"), "name": .string($0.element)] }, settings: settings)
  }

  static func names(_ index: LocalIndex, _ text: String, _ configure: (inout Query) -> Void = { _ in }) throws -> Set<
    String
  > {
    Set(try index.search(Fixture.query(text, configure)).hits.compactMap { $0["name"]?.stringValue })
  }

  @Test("Case and diacritics are folded; every query word must match")
  func folding() throws {
    let index = try Self.index(["Crème Brûlée", "creme fraiche", "Brulee only"])
    #expect(try Self.names(index, "CREME brulee") == ["Crème Brûlée"])
    #expect(try Self.names(index, "crème") == ["Crème Brûlée", "creme fraiche"])
  }

  @Test("The last word is a prefix; others are whole words (prefixLast)")
  func prefixLast() throws {
    let index = try Self.index(["wireless headphones", "wire head", "headless wire"])
    #expect(try Self.names(index, "wire head") == ["wire head", "headless wire"])
    #expect(try Self.names(index, "wireless hea") == ["wireless headphones"])
    #expect(try Self.names(index, "wirel") { $0.typoTolerance = .enabled(false) } == ["wireless headphones"])
    // With typos, "wire" is one deletion away from "wirel": it matches, after the exact prefix.
    #expect(try index.search(Fixture.query("wirel")).hits.first?["name"] == "wireless headphones")
    #expect(try index.search(Fixture.query("wirel")).nbHits == 3)
  }

  @Test("Typos by word length: none under 4 letters, 1 from 4, 2 from 8; a transposition is one")
  func typoLimits() throws {
    let index = try Self.index(["cat", "boat", "keyboard", "computer"])
    #expect(try Self.names(index, "cta ") == [])
    #expect(try Self.names(index, "baot ") == ["boat"])
    #expect(try Self.names(index, "bost ") == ["boat"])
    #expect(try Self.names(index, "bxxt ") == [])
    #expect(try Self.names(index, "kyboadr ") == [])
    #expect(try Self.names(index, "keybaord ") == ["keyboard"])
    #expect(try Self.names(index, "kebyoard ") == ["keyboard"])
    #expect(try Self.names(index, "kexboarx ") == ["keyboard"])
    #expect(try Self.names(index, "xomputer ") == ["computer"])
    #expect(try Self.names(index, "xomputex ") == [])
    #expect(try Self.names(index, "baot ") { $0.typoTolerance = .enabled(false) } == [])
  }

  @Test("typoTolerance min keeps only the fewest typos")
  func typoMin() throws {
    let index = try Self.index(["boat", "bolt"])
    #expect(try Self.names(index, "boat ") == ["boat", "bolt"])
    #expect(try Self.names(index, "boat ") { $0.typoTolerance = .min } == ["boat"])
  }
}

@Suite("Ranking criteria")
struct RankingTests {
  static func ranked(_ records: [[String: JSON]], _ text: String?, settings: [String: JSON]) throws -> [String] {
    Fixture.ids(try Fixture.index(records, settings: settings).search(Fixture.query(text)))
  }

  @Test("Typo first: an exact match beats a typo even in a better attribute")
  func typo() throws {
    let records: [[String: JSON]] = [
      ["objectID": "typo", "title": "hause", "body": ""], ["objectID": "exact", "title": "", "body": "house"],
    ]
    #expect(
      try Self.ranked(records, "house ", settings: ["searchableAttributes": ["title", "body"]]) == ["exact", "typo"])
  }

  @Test("Proximity: words closer together rank first")
  func proximity() throws {
    let records: [[String: JSON]] = [
      ["objectID": "far", "title": "red big old shiny car"], ["objectID": "near", "title": "red car"],
    ]
    #expect(try Self.ranked(records, "red car", settings: ["searchableAttributes": ["title"]]) == ["near", "far"])
  }

  @Test("Attribute: a match in a better attribute, then earlier in an ordered attribute")
  func attribute() throws {
    let records: [[String: JSON]] = [
      ["objectID": "body", "title": "x", "body": "phone"], ["objectID": "late", "title": "a b c phone", "body": ""],
      ["objectID": "early", "title": "phone", "body": ""],
    ]
    #expect(
      try Self.ranked(records, "phone", settings: ["searchableAttributes": ["title", "body"]]) == [
        "early", "late", "body",
      ])
  }

  @Test("Exact: the whole word beats a prefix match")
  func exact() throws {
    let records: [[String: JSON]] = [
      ["objectID": "prefix", "title": "phones"], ["objectID": "exact", "title": "phone"],
    ]
    #expect(try Self.ranked(records, "phone", settings: ["searchableAttributes": ["title"]]) == ["exact", "prefix"])
  }

  @Test("Custom ranking breaks textual ties; records without the value come last; then insertion order")
  func custom() throws {
    let records: [[String: JSON]] = [
      ["objectID": "none", "title": "phone"], ["objectID": "low", "title": "phone", "popularity": 1],
      ["objectID": "high", "title": "phone", "popularity": 9], ["objectID": "also-none", "title": "phone"],
    ]
    let settings: [String: JSON] = ["searchableAttributes": ["title"], "customRanking": ["desc(popularity)"]]
    #expect(try Self.ranked(records, "phone", settings: settings) == ["high", "low", "none", "also-none"])
    #expect(try Self.ranked(records, nil, settings: settings) == ["high", "low", "none", "also-none"])
  }
}

@Suite("Highlighting")
struct HighlightTests {
  @Test("Matched words are wrapped; a prefix match highlights the prefix; match levels and matched words")
  func highlight() throws {
    let index = try Fixture.index(
      [["objectID": "1", "name": "Apple iPhone case", "brand": "Apple"]],
      settings: ["searchableAttributes": ["name", "brand"]])
    let hit = try #require(try index.search(Fixture.query("apple ip")).hits.first)
    let name = try #require(hit.highlight(for: "name"))
    #expect(name.value == "<em>Apple</em> <em>iP</em>hone case")
    #expect(name.matchLevel == .full)
    #expect(name.matchedWords == ["apple", "ip"])
    #expect(name.fullyHighlighted == false)
    let brand = try #require(hit.highlight(for: "brand"))
    #expect(brand.value == "<em>Apple</em>")
    #expect(brand.matchLevel == .partial)
    #expect(brand.fullyHighlighted == true)
    var custom = Fixture.query("case")
    custom.highlightPreTag = "["
    custom.highlightPostTag = "]"
    let customHit = try #require(try index.search(custom).hits.first)
    #expect(customHit.highlight(for: "name")?.value == "Apple iPhone [case]")
    #expect(customHit.highlight(for: "brand")?.matchLevel == HighlightResult.MatchLevel.none)
  }
}
