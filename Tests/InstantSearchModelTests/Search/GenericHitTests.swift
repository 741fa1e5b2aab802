import Foundation
import InstantSearchModel
import Testing

@Suite("Hit<Record>: a decoded record with its metadata")
struct GenericHitTests {
  struct Phone: Codable, Hashable, Sendable {
    let name: String
    let price: Double
  }

  static let json = #"""
    {"objectID":"42","name":"Apple iPhone","price":999.5,"color":"black",
     "_highlightResult":{"name":{"value":"<em>App</em>le iPhone","matchLevel":"partial","matchedWords":["app"]}},
     "_snippetResult":{"name":{"value":"… <em>App</em>le …","matchLevel":"partial"}},
     "_rankingInfo":{"nbTypos":0,"words":1},"_distinctSeqID":2}
    """#

  @Test("Decoded from the hit object: the record from its attributes, the metadata from its _ members")
  func decodes() throws {
    let hit = try JSONDecoder().decode(Hit<Phone>.self, from: Data(Self.json.utf8))
    #expect(hit.object == Phone(name: "Apple iPhone", price: 999.5))
    #expect(hit.objectID == "42" && hit.distinctSeqID == 2)
    #expect(hit.rankingInfo?["nbTypos"] == .number(0))
    #expect(hit.hightlightedString(forKey: "name")?.runs.first == .init(text: "App", isHighlighted: true))
    #expect(hit.snippetedString(for: "name")?.plain == "… Apple …")
    #expect(hit.highlight(for: "name")?.matchedWords == ["app"])
  }

  @Test("From a raw hit, as the hits widgets make it; the same as through JSON")
  func fromRaw() throws {
    let raw = try JSONDecoder().decode(SearchHit.self, from: Data(Self.json.utf8))
    let direct = try Hit<Phone>(raw)
    #expect(direct == (try JSONDecoder().decode(Hit<Phone>.self, from: Data(Self.json.utf8))))
    #expect(direct.highlightResult == raw.highlightResult)
  }

  @Test("A record that does not fit: the error names the attribute")
  func misfit() throws {
    let raw = try SearchHit(object: ["objectID": "1", "name": "Lamp", "price": "cheap"])
    #expect(throws: ResponseDecodingError.self) { try Hit<Phone>(raw) }
    do {
      _ = try Hit<Phone>(raw)
    } catch {
      #expect(error.path == "price")
    }
    let text = Data(#"{"objectID":"1","name":"Lamp"}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Hit<Phone>.self, from: text) }
  }

  @Test("Encoded as the engine sends a hit, and decoded back the same")
  func roundTrip() throws {
    let hit = try JSONDecoder().decode(Hit<Phone>.self, from: Data(Self.json.utf8))
    let again = try JSONDecoder().decode(Hit<Phone>.self, from: JSONEncoder().encode(hit))
    #expect(again == hit)
    let plain = Hit(object: Phone(name: "Pixel", price: 599), objectID: "7")
    let members = try JSONDecoder().decode([String: JSON].self, from: JSONEncoder().encode(plain))
    #expect(members == ["objectID": "7", "name": "Pixel", "price": 599])
  }
}
