import Foundation
import InstantSearchCore
import Testing

@Suite("serve: copy and move, with and without scope")
struct OperationEndpointTests {
  /// Fills index `name` with one record, a setting, a synonym and a rule, each named by `tag`.
  static func seed(_ server: RunningServer, _ name: String, tag: String, hitsPerPage: Int) async throws {
    let record = try await server.call("PUT", "/1/indexes/\(name)/\(tag)-record", #"{"name":"\#(tag)"}"#)
    #expect(record.status == 200, "\(record.json)")
    let settings = try await server.call("PUT", "/1/indexes/\(name)/settings", #"{"hitsPerPage":\#(hitsPerPage)}"#)
    #expect(settings.status == 200, "\(settings.json)")
    let synonym = try await server.call(
      "PUT", "/1/indexes/\(name)/synonyms/\(tag)-synonym",
      #"{"objectID":"\#(tag)-synonym","type":"synonym","synonyms":["\#(tag)","other"]}"#)
    #expect(synonym.status == 200, "\(synonym.json)")
    let rule = try await server.call(
      "PUT", "/1/indexes/\(name)/rules/\(tag)-rule",
      #"{"conditions":[{"pattern":"\#(tag)","anchoring":"is"}],"consequence":{"userData":{"from":"\#(tag)"}}}"#)
    #expect(rule.status == 200, "\(rule.json)")
  }

  /// What index `name` holds: which of the source's and its own record, synonym and rule, and its
  /// `hitsPerPage`.
  static func contents(_ server: RunningServer, _ name: String) async throws -> [String] {
    var found: [String] = []
    for tag in ["source", "target"] {
      for (kind, path) in [("record", ""), ("synonym", "synonyms/"), ("rule", "rules/")] {
        let answer = try await server.call("GET", "/1/indexes/\(name)/\(path)\(tag)-\(kind)")
        if answer.status == 200 { found.append("\(tag)-\(kind)") }
      }
    }
    let settings = try await server.call("GET", "/1/indexes/\(name)/settings")
    found.append("hitsPerPage \(settings.json["hitsPerPage"]?.doubleValue.map { Int($0) } ?? 0)")
    return found
  }

  @Test(
    "copy: no scope copies everything; a scope copies only its parts, leaving the destination's records and others",
    arguments: [
      (nil, ["source-record", "source-synonym", "source-rule", "hitsPerPage 5"]),
      (#"["settings"]"#, ["target-record", "target-synonym", "target-rule", "hitsPerPage 5"]),
      (#"["synonyms"]"#, ["target-record", "source-synonym", "target-rule", "hitsPerPage 9"]),
      (#"["rules"]"#, ["target-record", "target-synonym", "source-rule", "hitsPerPage 9"]),
      (#"["settings","synonyms"]"#, ["target-record", "source-synonym", "target-rule", "hitsPerPage 5"]),
      (#"["synonyms","rules"]"#, ["target-record", "source-synonym", "source-rule", "hitsPerPage 9"]),
      (#"["rules","settings","synonyms"]"#, ["target-record", "source-synonym", "source-rule", "hitsPerPage 5"]),
    ] as [(String?, [String])])
  func copyScope(scope: String?, expected: [String]) async throws {
    try await RunningServer.with { server in
      try await Self.seed(server, "source", tag: "source", hitsPerPage: 5)
      try await Self.seed(server, "target", tag: "target", hitsPerPage: 9)
      let body = #"{"operation":"copy","destination":"target""# + (scope.map { #","scope":\#($0)}"# } ?? "}")
      let copied = try await server.call("POST", "/1/indexes/source/operation", body)
      #expect(copied.status == 200 && copied.json["taskID"] != nil, "\(copied.json)")
      #expect(Set(try await Self.contents(server, "target")) == Set(expected), "scope \(scope ?? "none")")
      #expect(
        Set(try await Self.contents(server, "source"))
          == ["source-record", "source-synonym", "source-rule", "hitsPerPage 5"])
    }
  }

  @Test("A scoped copy to a new index creates it with those parts only; move ignores scope and moves everything")
  func scopedCreateAndMove() async throws {
    try await RunningServer.with { server in
      try await Self.seed(server, "source", tag: "source", hitsPerPage: 5)
      let copied = try await server.call(
        "POST", "/1/indexes/source/operation", #"{"operation":"copy","destination":"fresh","scope":["rules"]}"#)
      #expect(copied.status == 200, "\(copied.json)")
      #expect(Set(try await Self.contents(server, "fresh")) == ["source-rule", "hitsPerPage 20"])
      let moved = try await server.call(
        "POST", "/1/indexes/source/operation", #"{"operation":"move","destination":"moved","scope":["rules"]}"#)
      #expect(moved.status == 200, "\(moved.json)")
      #expect(
        Set(try await Self.contents(server, "moved"))
          == ["source-record", "source-synonym", "source-rule", "hitsPerPage 5"])
      #expect(try await server.call("GET", "/1/indexes/source/settings").status == 404)
    }
  }

  @Test("A scope that is not a list of settings, synonyms and rules is a 400, and nothing is copied")
  func badScope() async throws {
    try await RunningServer.with { server in
      try await Self.seed(server, "source", tag: "source", hitsPerPage: 5)
      for scope in [#"["records"]"#, #""settings""#, "[]", "[1]"] {
        let answer = try await server.call(
          "POST", "/1/indexes/source/operation", #"{"operation":"copy","destination":"t","scope":\#(scope)}"#)
        #expect(answer.status == 400, "\(scope): \(answer.json)")
        #expect(answer.json["message"]?.stringValue?.hasPrefix("scope:") == true)
      }
      #expect(try await server.call("GET", "/1/indexes/t/settings").status == 404)
    }
  }
}
