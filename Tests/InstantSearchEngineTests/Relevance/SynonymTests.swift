import Foundation
import InstantSearchCore
import Testing

@testable import InstantSearchEngine

@Suite("Synonyms: regular, one-way, alternative corrections, synonyms.json")
struct SynonymTests {
  static let records: [[String: JSON]] = [
    ["objectID": "tv", "name": "smart television", "rank": 3],
    ["objectID": "telly", "name": "old telly", "rank": 2],
    ["objectID": "ipad", "name": "ipad air", "rank": 5],
    ["objectID": "tablet", "name": "android tablet", "rank": 4],
    ["objectID": "vehicle", "name": "electric vehicle", "rank": 1],
  ]

  static func index(_ synonyms: [JSON]) throws -> LocalIndex {
    let index = try Fixture.index(records, settings: ["customRanking": ["desc(rank)"]])
    index.saveSynonyms(try synonyms.map { entry throws(EngineError) in try Synonym(json: entry) })
    return index
  }

  @Test("A regular synonym matches every way, as an exact match, and is highlighted")
  func regular() throws {
    let index = try Self.index([["objectID": "s1", "type": "synonym", "synonyms": ["tv", "television", "telly"]]])
    #expect(Fixture.ids(try index.search(Query("tv"))) == ["tv", "telly"])
    #expect(Fixture.ids(try index.search(Query("television"))) == ["tv", "telly"])
    #expect(Fixture.ids(try index.search(Query("old telly"))) == ["telly"])
    let response = try index.search(Query("tv"))
    #expect(response.hits.first?.highlight(for: "name")?.value == "smart <em>television</em>")
    // Turned off for one query.
    var off = Query("tv")
    off.synonyms = false
    #expect(try index.search(off).nbHits == 0)
  }

  @Test("A one-way synonym matches from its input only; alternative corrections match as typos")
  func oneWayAndCorrections() throws {
    let index = try Self.index([
      ["objectID": "s2", "type": "onewaysynonym", "input": "tablet", "synonyms": ["ipad"]],
      ["objectID": "s3", "type": "altcorrection1", "word": "car", "corrections": ["vehicle"]],
    ])
    let tablets = Fixture.ids(try index.search(Query("tablet")))
    // The exact word and the exact synonym tie on every textual criterion: custom ranking decides.
    #expect(tablets == ["ipad", "tablet"])
    #expect(Fixture.ids(try index.search(Query("ipad"))) == ["ipad"])
    #expect(Fixture.ids(try index.search(Query("car"))) == ["vehicle"])
  }

  @Test("A correction counts as a typo: an exact match ranks before it")
  func correctionRanking() throws {
    let index = try Fixture.index(
      [
        ["objectID": "exact", "name": "car mat", "rank": 0],
        ["objectID": "corrected", "name": "vehicle mat", "rank": 9],
      ],
      settings: ["customRanking": ["desc(rank)"]])
    index.saveSynonyms([
      try Synonym(json: ["objectID": "c", "type": "altcorrection1", "word": "car", "corrections": ["vehicle"]])
    ])
    #expect(Fixture.ids(try index.search(Query("car"))) == ["exact", "corrected"])
  }

  @Test("Multi-word synonyms: a phrase and a word match each other; one-way to a phrase; facets count all")
  func multiWord() throws {
    let index = try Fixture.index(
      [
        ["objectID": "set", "name": "smart television set", "kind": "screen", "rank": 3],
        ["objectID": "stand", "name": "tv stand", "kind": "furniture", "rank": 2],
        ["objectID": "drive", "name": "external hard drive", "kind": "storage", "rank": 1],
        ["objectID": "hdd", "name": "hdd enclosure", "kind": "storage", "rank": 0],
      ], settings: ["customRanking": ["desc(rank)"], "attributesForFaceting": ["kind"]])
    index.saveSynonyms([
      try Synonym(json: ["objectID": "tv", "type": "synonym", "synonyms": ["tv", "television set"]]),
      try Synonym(json: ["objectID": "hdd", "type": "onewaysynonym", "input": "hdd", "synonyms": ["hard drive"]]),
    ])
    let tv = try index.search(Fixture.query("tv") { $0.facets = ["kind"] })
    // "tv" first in the stand's name, the synonym second in the set's: the attribute position decides.
    #expect(Fixture.ids(tv) == ["stand", "set"])
    #expect(tv.nbHits == 2 && tv.facets["kind"] == ["screen": 1, "furniture": 1])
    #expect(Set(Fixture.ids(try index.search(Query("television set")))) == ["set", "stand"])
    #expect(Fixture.ids(try index.search(Query("hdd"))) == ["hdd", "drive"])
    #expect(Fixture.ids(try index.search(Query("hard drive"))) == ["drive"], "one-way: not from the phrase")
    // With the rest of the query: "tv stand" matches only the stand; "smart tv" the set.
    #expect(Fixture.ids(try index.search(Query("smart tv"))) == ["set"])
    var off = Query("tv")
    off.synonyms = false
    #expect(Fixture.ids(try index.search(off)) == ["stand"])
    // With distinct on the kind, the variants' matches are grouped too.
    var settings = index.settings
    settings.attributeForDistinct = "kind"
    settings.distinct = 1
    index.setSettings(settings)
    #expect(Fixture.ids(try index.search(Query("hdd"))) == ["hdd"])
    #expect(Fixture.ids(try index.search(Query("tv"))) == ["stand", "set"])
  }

  @Test("A placeholder in a record matches a query with any of its replacements")
  func placeholder() throws {
    let index = try Fixture.index([
      ["objectID": "1", "address": "12 <Street> of roses"], ["objectID": "2", "address": "12 avenue of roses"],
    ])
    index.saveSynonyms([
      try Synonym(json: [
        "objectID": "p", "type": "placeholder", "placeholder": "<Street>", "replacements": ["street", "st", "road"],
      ])
    ])
    #expect(Fixture.ids(try index.search(Query("12 st roses"))) == ["1"])
    #expect(Fixture.ids(try index.search(Query("road"))) == ["1"])
    #expect(try index.search(Query("avenue st")).nbHits == 0)
  }

  @Test("synonyms.json loads as Algolia exports it (array or lines) and reads back unchanged; bad entries are named")
  func exportFormat() throws {
    let text = """
      [{"objectID":"a","type":"synonym","synonyms":["tv","television"]},
       {"objectID":"b","type":"onewaysynonym","input":"tablet","synonyms":["ipad"]},
       {"objectID":"c","type":"altcorrection2","word":"vehicle","corrections":["car"]},
       {"objectID":"d","type":"placeholder","placeholder":"<Street>","replacements":["street","st"]}]
      """
    let synonyms = try Synonym.synonyms(jsonData: Data(text.utf8))
    #expect(synonyms.map(\.objectID) == ["a", "b", "c", "d"])
    #expect(JSON.array(synonyms.map(\.json)) == (try JSONDecoder().decode(JSON.self, from: Data(text.utf8))))
    let lines =
      #"{"objectID":"a","type":"synonym","synonyms":["x","y"]}"# + "\n"
      + #"{"objectID":"b","type":"synonym","synonyms":["y","z"]}"#
    #expect(try Synonym.synonyms(jsonData: Data(lines.utf8)).count == 2)
    #expect(throws: EngineError.self) { try Synonym(json: ["objectID": "x", "type": "synonym"]) }
    #expect(throws: EngineError.self) { try Synonym(json: ["objectID": "x", "type": "magic", "synonyms": ["a"]]) }
  }

  @Test("Synonyms are kept with an index directory's settings and apply to new segments")
  func durable() throws {
    let folder = try ScratchFolder()
    do {
      let durable = try DurableIndex(directory: folder.path, name: "p")
      try durable.saveRecords(Self.records)
      var settings = durable.index.settings
      settings.synonyms = [try Synonym(json: ["objectID": "s", "type": "synonym", "synonyms": ["tv", "television"]])]
      try durable.setSettings(settings)
      try durable.saveRecords([["objectID": "new", "name": "tv stand", "rank": 0]])
    }
    let reopened = try DurableIndex(directory: folder.path, name: "p")
    #expect(reopened.index.synonyms.map(\.objectID) == ["s"])
    #expect(Set(Fixture.ids(try reopened.index.search(Query("television")))) == ["tv", "new"])
    #expect(reopened.index.deleteSynonym(objectID: "s"))
    #expect(Fixture.ids(try reopened.index.search(Query("television"))) == ["tv"])
  }

  @Test("Inserting a synonym term into the runs keeps them sorted and takes the fewer typos")
  func runs() {
    let runs = [TermRun(lower: 2, upper: 6, typos: 1), TermRun(lower: 10, upper: 11, typos: 0)]
    #expect(
      QueryWord.inserting(4, typos: 0, into: runs) == [
        TermRun(lower: 2, upper: 4, typos: 1), TermRun(lower: 4, upper: 5, typos: 0),
        TermRun(lower: 5, upper: 6, typos: 1),
        TermRun(lower: 10, upper: 11, typos: 0),
      ])
    #expect(QueryWord.inserting(10, typos: 2, into: runs) == runs)
    #expect(QueryWord.inserting(0, typos: 2, into: runs).first == TermRun(lower: 0, upper: 1, typos: 2))
    #expect(QueryWord.inserting(20, typos: 0, into: runs).last == TermRun(lower: 20, upper: 21, typos: 0))
  }
}
