import Foundation
import InstantSearchCore
import InstantSearchEngine
import Testing

@Suite("attributeCriteriaComputedByMinProximity: the attribute where the words are closest")
struct ClosestAttributeTests {
  /// `spread` has the words apart in its title and together in its description; `close` has them together
  /// in its title. Both have proximity 1 (the description's for `spread`); `spread` comes first in the
  /// index, so where every criterion ties it stays first.
  static let records: [[String: JSON]] = [
    ["objectID": "spread", "title": "red cotton long shoes", "description": "red shoes for the summer"],
    ["objectID": "close", "title": "red shoes", "description": "a pair for the summer"],
  ]

  static func index(_ settings: [String: JSON] = [:]) throws -> LocalIndex {
    var all = settings
    all["searchableAttributes"] = ["title", "description"]
    return try Fixture.index(records, settings: all)
  }

  static func query(_ flag: Bool?) -> Query {
    Fixture.query("red shoes") {
      $0.attributeCriteriaComputedByMinProximity = flag
      $0.getRankingInfo = true
    }
  }

  @Test("Off (the default): both records are matched in their title first, and tie on the attribute")
  func off() throws {
    let index = try Self.index()
    #expect(Fixture.ids(try index.search(Self.query(nil))) == ["spread", "close"])
    #expect(Fixture.ids(try index.search(Self.query(false))) == ["spread", "close"])
  }

  @Test("On: the record whose closest words are in its description ranks on the description, after the other")
  func on() throws {
    let response = try Self.index().search(Self.query(true))
    #expect(Fixture.ids(response) == ["close", "spread"])
    #expect(response.nbHits == 2)
  }

  @Test("One query word: proximity says nothing, the best attribute stays")
  func oneWord() throws {
    let index = try Self.index()
    let on = try index.search(Fixture.query("shoes") { $0.attributeCriteriaComputedByMinProximity = true })
    let off = try index.search(Fixture.query("shoes"))
    // "shoes" is earlier in close's title (ordered attributes count the position).
    #expect(Fixture.ids(on) == ["close", "spread"])
    #expect(Fixture.ids(on) == Fixture.ids(off))
  }

  @Test("As an index setting it is every search's default, and a search's false wins")
  func asSetting() throws {
    let index = try Self.index(["attributeCriteriaComputedByMinProximity": true])
    #expect(Fixture.ids(try index.search(Self.query(nil))) == ["close", "spread"])
    #expect(Fixture.ids(try index.search(Self.query(false))) == ["spread", "close"])
  }
}
