import Foundation
import InstantSearchModel
import Testing

@Suite("Filters JSON snapshot")
struct FiltersCodableTests {
  static func decode(_ json: String) throws -> Filters {
    try JSONDecoder().decode(Filters.self, from: Data(json.utf8))
  }

  @Test("The snapshot is versioned JSON holding raw values")
  func encoding() throws {
    var filters = Filters()
    filters.add(Filter.Facet(attribute: "size", value: #"-80C "x""#, isNegated: true, score: 2), to: .and(name: "a"))
    filters.add(Filter.Numeric(attribute: "price", range: 10...20.5), to: .or(name: "b", filterType: .numeric))
    filters.add(
      Filter.Numeric(attribute: "price", operator: .lessThan, value: 1e16), to: .or(name: "b", filterType: .numeric))
    filters.add(Filter.Tag(value: "sale"), to: .hierarchical(name: "c"))
    filters.add(Filter.Facet(attribute: "cat", stringValue: "x"), to: .hierarchical(name: "c"))
    filters.add(Filter.Facet(attribute: "ok", boolValue: false), to: .and(name: "d"))
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let json = String(decoding: try encoder.encode(filters), as: UTF8.self)
    #expect(
      json
        == #"{"groups":[{"filters":[{"attribute":"size","negated":true,"score":2,"type":"facet","value":"-80C \"x\""}],"#
        + #""name":"a","type":"and"},{"filterType":"numeric","filters":[{"attribute":"price","operator":"<","#
        + #""type":"numeric","value":1e+16},{"attribute":"price","range":[10,20.5],"type":"numeric"}],"name":"b","#
        + #""type":"or"},{"filters":[{"attribute":"cat","type":"facet","value":"x"}],"name":"c","type":"hierarchical"},"#
        + #"{"filters":[{"attribute":"ok","type":"facet","value":false}],"name":"d","type":"and"}],"version":1}"#)
    #expect(try Self.decode(json) == filters)
  }

  @Test("Unknown keys are ignored")
  func unknownKeys() throws {
    let filters = try Self.decode(
      #"{"version":1,"extra":[1,2],"groups":[{"type":"and","name":"g","colour":"x","filters":[{"type":"tag","value":"a","note":"hi"}]}]}"#
    )
    #expect(filters.sql == #"( "_tags":"a" )"#)
  }

  static let malformed: [String] = [
    "",
    "[]",
    "{}",
    #"{"version":2,"groups":[]}"#,
    #"{"version":"1","groups":[]}"#,
    #"{"version":1}"#,
    #"{"version":1,"groups":{}}"#,
    #"{"version":1,"groups":[{"type":"xor","name":"g","filters":[]}]}"#,
    #"{"version":1,"groups":[{"type":"or","name":"g","filters":[]}]}"#,
    #"{"version":1,"groups":[{"type":"or","name":"g","filterType":"facet","filters":[{"type":"tag","value":"a"}]}]}"#,
    #"{"version":1,"groups":[{"type":"hierarchical","name":"g","filters":[{"type":"tag","value":"a"}]}]}"#,
    #"{"version":1,"groups":[{"type":"and","name":"g","filters":[{"type":"numeric","attribute":"p","range":[5,1]}]}]}"#,
    #"{"version":1,"groups":[{"type":"and","name":"g","filters":[{"type":"numeric","attribute":"p","range":[1]}]}]}"#,
    #"{"version":1,"groups":[{"type":"and","name":"g","filters":[{"type":"numeric","attribute":"p","operator":"~","value":1}]}]}"#,
    #"{"version":1,"groups":[{"type":"and","name":"g","filters":[{"type":"numeric","attribute":"p","operator":">","value":1e999}]}]}"#,
    #"{"version":1,"groups":[{"type":"and","name":"g","filters":[{"type":"facet","attribute":"a","value":null}]}]}"#,
    #"{"version":1,"groups":[{"type":"and","name":"g","filters":[{"type":"shape","value":"a"}]}]}"#,
    #"{"version":1,"groups":[{"type":"and","name":"g","filters":[{"type":"tag"}]}]}"#,
    #"{"version":1,"groups":[{"type":"and","name":"g","filters":[{"type":"facet","attribute":"a","value":[1]}]}]}"#,
    #"{"version":1,"groups":[{"type":"and","name":"g","filters":[{"type":"facet","attribute":"a","value":"x","score":1.5}]}]}"#,
  ]

  @Test("Malformed input is a DecodingError, never a crash", arguments: malformed)
  func malformedInput(json: String) {
    #expect(throws: (any Error).self) { try Self.decode(json) }
    do {
      _ = try Self.decode(json)
    } catch is DecodingError {
    } catch {
      Issue.record("expected a DecodingError, got \(error)")
    }
  }

  @Test("Single filters encode alone and decode as their own type")
  func singleFilters() throws {
    let facet = Filter.Facet(attribute: "a", floatValue: 3)
    let data = try JSONEncoder().encode(facet)
    #expect(try JSONDecoder().decode(Filter.Facet.self, from: data) == facet)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Filter.Tag.self, from: data) }
  }
}
