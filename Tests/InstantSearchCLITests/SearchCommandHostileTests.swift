import Foundation
import TestProcesses
import Testing

/// `instantsearch search` on hostile input, in a child process (issue 17): each case used to crash it,
/// lose answers, merge lines or wait for the end of its input; now each line gets its own answer.
@Suite("instantsearch search: hostile input", .timeLimit(.minutes(2)))
struct SearchCommandHostileTests {
  static func deepFilters(_ depth: Int) -> String {
    CLI.line(
      #""filters":""# + String(repeating: "(", count: depth) + "a:x" + String(repeating: ")", count: depth) + "\"")
  }

  @Test("Filters nested 50,000 and 5,000,000 deep: a 400 naming the column (row 1)", arguments: [50_000, 5_000_000])
  func deepNesting(depth: Int) async throws {
    let outcome = try await CLI.search(Self.deepFilters(depth) + "\n")
    #expect(outcome.status == 0)
    #expect(
      outcome.output == #"{"message":"filters: too deeply nested (more than 64 levels) at col 65","status":400}"# + "\n"
    )
  }

  @Test("A huge page is answered with no hits, and the answers around it are all written (row 2)")
  func hugePage() async throws {
    let lines = [
      CLI.line(#""query":"phone""#), CLI.line(#""page":460000000000000000"#),
      CLI.line(#""params":"page=4600000000000000000000""#), CLI.line(#""query":"case""#),
    ]
    let outcome = try await CLI.search(lines.joined(separator: "\n"))
    #expect(!outcome.crashed)
    let answers = outcome.output.split(separator: "\n")
    #expect(answers.count == 4)
    #expect(answers[1].contains(#""hits":[]"#))
    #expect(answers[2].contains(#""status":400"#))
    #expect(answers[3].contains(#""nbHits":30"#))
  }

  @Test("100,000 queries in one line: one 400 answer, at once (row 9)")
  func manyQueries() async throws {
    let queries = Array(repeating: #"{"indexName":"t","query":"phone"}"#, count: 100_000).joined(separator: ",")
    let outcome = try await CLI.search(#"{"requests":["# + queries + "]}\n")
    #expect(
      outcome.output
        == #"{"message":"Too many queries in multi query request: 100000 (at most 50)","status":400}"# + "\n")
  }

  @Test("CRLF line endings: one answer per line (row 11)")
  func crlf() async throws {
    let lines = [CLI.line(#""query":"phone""#), CLI.line(#""query":"case 1""#), CLI.line("")]
    let outcome = try await CLI.search(lines.joined(separator: "\r\n") + "\r\n")
    let answers = outcome.output.split(separator: "\n")
    #expect(answers.count == 3)
    #expect(answers.allSatisfy { $0.hasPrefix(#"{"results":"#) })
  }

  @Test("indexName and params of the wrong type are 400 errors, not the default index")
  func wrongTypes() async throws {
    let lines = [
      #"{"requests":[{"indexName":5}]}"#, #"{"requests":[{"indexName":null}]}"#,
      #"{"requests":[{"indexName":"t","params":["query=x"]}]}"#, "not json", "[1]",
    ]
    let outcome = try await CLI.search(lines.joined(separator: "\n"))
    let answers = outcome.output.split(separator: "\n").map(String.init)
    #expect(
      answers == [
        #"{"message":"requests[0].indexName must be a string, found 5","status":400}"#,
        #"{"message":"requests[0].indexName must be a string, found null","status":400}"#,
        #"{"message":"requests[0].params: expected a URL-encoded string, found [\"query=x\"]","status":400}"#,
        answers.count > 3 ? answers[3] : "",
        #"{"message":"the body must be a JSON object with \"requests\"","status":400}"#,
      ])
    #expect(answers.count > 3 && answers[3].hasPrefix(#"{"message":"the body is not valid JSON: "#))
  }

  @Test("A line over 50 MB is answered 413 without being held, and the next line is answered")
  func oversizeLine() async throws {
    let huge = CLI.line(#""query":""# + String(repeating: "x", count: 50 << 20) + "\"")
    let outcome = try await CLI.search(huge + "\n" + CLI.line(#""query":"phone""#) + "\n")
    let answers = outcome.output.split(separator: "\n")
    #expect(answers.count == 2)
    #expect(answers.first?.hasPrefix(#"{"message":"request body too large: \#(huge.utf8.count) bytes"#) == true)
    #expect(answers.last?.hasPrefix(#"{"results":"#) == true)
  }

  @Test("--records naming a directory or nothing is an error, never an empty index")
  func recordsDirectory() async throws {
    for path in [CLI.folder.path, CLI.folder.appendingPathComponent("missing.jsonl").path] {
      let outcome = try await CLI.run(["search", "--records", path], input: [])
      #expect(outcome.status == 1)
      #expect(outcome.error.contains("--records"))
    }
  }
}
