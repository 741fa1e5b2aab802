import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

@Suite("serve: search keys with ACLs, indices and rate limits", .timeLimit(.minutes(1)))
struct APIKeyTests {
  @Test("A keys file line reads into a key spec; bad fields are named")
  func lines() throws {
    let spec = try #require(try APIKeySpec(line: "abc acl=search indexes=products,dev_* maxQueriesPerIPPerHour=3"))
    #expect(spec.key == "abc" && spec.acl == ["search"] && spec.maxQueriesPerIPPerHour == 3)
    #expect(spec.allows(index: "dev_x") && !spec.allows(index: "prod"))
    #expect(try APIKeySpec(line: "# a comment") == nil && (try APIKeySpec(line: "   ")) == nil)
    #expect(throws: APIError.self) { try APIKeySpec(line: "abc limit=3") }
    #expect(throws: APIError.self) { try APIKeySpec(line: "abc maxQueriesPerIPPerHour=zero") }
  }

  @Test("Indices, ACLs and the hourly limit are enforced: 403, then 429")
  func enforcement() async throws {
    let keys = [
      APIKeySpec(key: "limited", acl: ["search"], indexes: ["products"], maxQueriesPerIPPerHour: 3)
    ]
    try await RunningServer.with(keys: keys) { server in
      _ = try await server.call("POST", "/1/indexes/products", #"{"objectID":"1"}"#)
      _ = try await server.call("POST", "/1/indexes/other", #"{"objectID":"1"}"#)
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}", key: "limited").status == 200)
      #expect(try await server.call("POST", "/1/indexes/other/query", "{}", key: "limited").status == 403)
      #expect(try await server.call("POST", "/1/indexes/products/browse", "{}", key: "limited").status == 403)
      // Three requests counted (the one refused by its ACL is not): the fourth is over the limit.
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}", key: "limited").status == 200)
      let limited = try await server.call("POST", "/1/indexes/products/query", "{}", key: "limited")
      #expect(limited.status == 429 && limited.json.objectValue?["message"] == "Too Many Requests")
      // The admin key has no limit.
      #expect(try await server.call("POST", "/1/indexes/products/query", "{}").status == 200)
    }
  }
}
