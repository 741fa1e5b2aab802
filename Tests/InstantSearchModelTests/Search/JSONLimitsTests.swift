import Foundation
import InstantSearchModel
import TestProcesses
import Testing

/// JSON from outside (request bodies, responses, settings) is decoded within a bounded depth, so that a
/// hostile body cannot drive the decoder's recursion, and a wrongly typed `params` is an error.
@Suite("JSON limits")
struct JSONLimitsTests {
  static func nested(_ depth: Int) -> Data {
    Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
  }

  @Test("100 levels decode; 101 are an error naming the depth")
  func depth() throws {
    _ = try JSONDecoder().decode(JSON.self, from: Self.nested(JSON.maximumDepth))
    #expect {
      try JSONDecoder().decode(JSON.self, from: Self.nested(JSON.maximumDepth + 1))
    } throws: { error in
      guard case .dataCorrupted(let context) = error as? DecodingError else { return false }
      return context.debugDescription == "nested more than 100 levels deep"
    }
  }

  @Test("The deepest accepted value decodes on a 512 KB stack, and a 100,000-level body is refused there")
  func smallStack() async throws {
    let outcomes = try await onDedicatedThread(stackSize: 512 * 1024) { () -> [Bool] in
      [JSON.maximumDepth, 100_000].map { depth in
        (try? JSONDecoder().decode(JSON.self, from: Self.nested(depth))) != nil
      }
    }
    #expect(outcomes == [true, false])
  }

  @Test("A params member that is not a string is an error, not silently dropped")
  func paramsType() {
    #expect(throws: ResponseDecodingError(path: "params", message: "expected a URL-encoded string, found 7")) {
      try Query(jsonObject: ["params": 7, "query": "x"])
    }
    #expect(throws: Never.self) { try Query(jsonObject: ["params": "query=x"]) }
  }

  @Test("Error messages quote at most about 100 characters of a hostile value")
  func boundedMessages() {
    let huge = JSON.array(Array(repeating: "xxxxxxxxxx", count: 100_000))
    #expect {
      try Query(jsonObject: ["page": huge])
    } throws: { error in
      "\(error)".count < 200
    }
  }
}
