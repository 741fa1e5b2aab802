import InstantSearchCore
import Testing

@testable import InstantSearchEngine

/// Reading a record with a cutoff on the attribute criterion: a record none of whose query words can rank
/// within the limit is given up as soon as that is certain, and any other record gets its exact score.
@Suite("Walk cutoff")
struct WalkCutoffTests {
  static let records: [[String: JSON]] = [
    // 0: both words adjacent at the start of the description only.
    ["objectID": "0", "name": "plain lamp", "description": "silver kettle with a long spout and more words"],
    // 1: the words in the name.
    ["objectID": "1", "name": "a silver kettle", "description": "nothing else here"],
    // 2: the words late in the description: given up at its first word.
    ["objectID": "2", "name": "plain lamp", "description": "a big pot then silver kettle"],
    // 3: the description's key comes first, the name last: read to the name before being given up.
    ["objectID": "3", "description": "old silver kettle", "name": "plain lamp"],
  ]

  static func scorer() throws -> (TextScorer, IndexSnapshot) {
    let index = try Fixture.index(Self.records, settings: ["searchableAttributes": ["name", "description"]])
    let snapshot = index.snapshot
    let executor = SearchExecutor(snapshot: snapshot, query: Fixture.query("silver kettle"))
    return (TextScorer(snapshot: snapshot, words: executor.queryWords(typo: .enabled)), snapshot)
  }

  static func doc(_ objectID: String, in snapshot: IndexSnapshot) throws -> Int {
    try #require((0..<snapshot.recordCount).first { snapshot.record($0)["objectID"] == .string(objectID) })
  }

  @Test("a limit at the description's first word keeps records ranked within it, with their exact scores")
  func keepsRecordsWithinTheLimit() throws {
    let (scorer, snapshot) = try Self.scorer()
    var scratch = TextScorer.Scratch()
    let bound = scorer.bound
    let worst = TextScore(typos: 0, words: 2, proximity: 1, attribute: 100_000, exact: 2)
    for objectID in ["0", "1"] {
      let doc = try Self.doc(objectID, in: snapshot)
      var cutoff = try #require(scorer.cutoff(worst: worst, bound: bound))
      let cut = scorer.score(doc, scratch: &scratch, cutoff: &cutoff)
      #expect(cut == scorer.score(doc, scratch: &scratch), "record \(objectID)")
      #expect(cut != nil && !cutoff.gaveUp, "record \(objectID)")
    }
  }

  @Test("a record whose words rank past the limit is given up before its end")
  func givesUpEarly() throws {
    let (scorer, snapshot) = try Self.scorer()
    var scratch = TextScorer.Scratch()
    let worst = TextScore(typos: 0, words: 2, proximity: 1, attribute: 100_000, exact: 2)
    for objectID in ["2", "3"] {
      let doc = try Self.doc(objectID, in: snapshot)
      var cutoff = try #require(scorer.cutoff(worst: worst, bound: scorer.bound))
      #expect(scorer.score(doc, scratch: &scratch, cutoff: &cutoff) == nil, "record \(objectID)")
      // Without the cutoff, the record is a match with a worse attribute rank.
      let full = try #require(scorer.score(doc, scratch: &scratch))
      #expect(full.attribute > worst.attribute)
    }
    // Record 2 is given up at the description's first word; record 3 once its name is read.
    var cutoff = try #require(scorer.cutoff(worst: worst, bound: scorer.bound))
    _ = scorer.score(try Self.doc("2", in: snapshot), scratch: &scratch, cutoff: &cutoff)
    #expect(cutoff.gaveUp)
  }

  @Test("no cutoff while the worst kept record is beatable before the attribute")
  func onlyWhenTheEarlierCriteriaTie() throws {
    let (scorer, _) = try Self.scorer()
    let bound = scorer.bound
    #expect(
      scorer.cutoff(worst: TextScore(typos: 0, words: 2, proximity: 2, attribute: 0, exact: 2), bound: bound) == nil)
    #expect(
      scorer.cutoff(worst: TextScore(typos: 1, words: 2, proximity: 1, attribute: 0, exact: 2), bound: bound) == nil)
    #expect(
      scorer.cutoff(worst: TextScore(typos: 0, words: 2, proximity: 1, attribute: 7, exact: 0), bound: bound) != nil)
  }
}
