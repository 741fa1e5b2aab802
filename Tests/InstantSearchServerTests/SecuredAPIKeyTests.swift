import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("Secured API keys")
struct SecuredAPIKeyTests {
  /// A key the official Python client generated from parent `parentKey` (the protocol notes' example).
  static let decoded =
    "332935a6e6bacf83b2baba384714a002943689eb6175bc68e476ee8cdb8f1e30"
    + "filters=user%3A42%20AND%20visible%3Atrue&restrictIndices=products%2Cdev_%2A&userToken=u1&validUntil=2000000000"
  static let key = Data(decoded.utf8).base64EncodedString()

  @Test("The HMAC is checked against the parents; the restrictions are read back")
  func verify() throws {
    #expect(SecuredAPIKey(Self.key, parents: ["other", "nope"]) == nil)
    let key = try #require(SecuredAPIKey(Self.key, parents: ["other", "parentKey"]))
    #expect(key.parent == "parentKey")
    #expect(key.parameters["filters"] == "user:42 AND visible:true")
    #expect(key.validUntil == 2_000_000_000 && key.parameters["userToken"] == "u1")
    #expect(key.allows(index: "products") && key.allows(index: "dev_items") && !key.allows(index: "prod"))
    // One changed byte of the parameters breaks the hash.
    let tampered = Data(Self.decoded.replacingOccurrences(of: "user%3A42", with: "user%3A43").utf8)
      .base64EncodedString()
    #expect(SecuredAPIKey(tampered, parents: ["parentKey"]) == nil)
    #expect(SecuredAPIKey("not base64!", parents: ["parentKey"]) == nil)
  }

  @Test("generate makes the same key as the official Python client for the same parameters")
  func generate() {
    let generated = SecuredAPIKey.generate(
      parentKey: "parentKey",
      parameters: [
        "filters": "user:42 AND visible:true", "restrictIndices": "products,dev_*", "userToken": "u1",
        "validUntil": "2000000000",
      ])
    #expect(generated == Self.key)
  }

  @Test("Forced filters are ANDed with the query's; other forced parameters win")
  func restrict() throws {
    let key = try #require(SecuredAPIKey(Self.key, parents: ["parentKey"]))
    var query = Query("phone")
    query.filters = "price < 10"
    let restricted = try key.restrict(query)
    #expect(restricted.filters == "(user:42 AND visible:true) AND (price < 10)")
    #expect(restricted.query == "phone")
    #expect(try key.restrict(Query()).filters == "(user:42 AND visible:true)")
  }
}

#if os(Linux)
  private let isLinux = true
#else
  private let isLinux = false
#endif

@Suite("Secured API keys: restrictSources")
struct RestrictSourcesTests {
  /// `request` sent from `source` (a loopback address) to 127.0.0.1:`port`; the answer's status code.
  static func status(port: Int, from source: String, request: String) throws -> Int {
    let descriptor = try LoopbackSocket.connect(port: port, from: source)
    defer { close(descriptor) }
    let sent = request.withCString { send(descriptor, $0, strlen($0), 0) }
    #expect(sent == request.utf8.count)
    var answer: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while answer.count < 1 << 20 {
      let count = recv(descriptor, &buffer, buffer.count, 0)
      guard count > 0 else { break }
      answer += buffer[0..<count]
    }
    let line = String(decoding: answer.prefix { $0 != 0x0D }, as: UTF8.self)
    return try #require(Int(line.split(separator: " ").dropFirst().first ?? ""), "status line: \(line)")
  }

  // Other loopback source addresses than 127.0.0.1 need an alias on macOS; Linux routes all of 127/8.
  @Test(
    "A key restricted to 127.0.0.2 is refused from 127.0.0.1 and accepted from 127.0.0.2; ranges work",
    .enabled(if: isLinux))
  func sources() async throws {
    try await RunningServer.with { server in
      _ = try await server.call("POST", "/1/indexes/p", #"{"objectID":"1","name":"lamp"}"#)
      let only2 = SecuredAPIKey.generate(
        parentKey: RunningServer.searchKey, parameters: ["restrictSources": "127.0.0.2/32"])
      let loopback = SecuredAPIKey.generate(
        parentKey: RunningServer.searchKey, parameters: ["restrictSources": "10.0.0.0/8;127.0.0.0/8"])
      func request(_ key: String) -> String {
        "POST /1/indexes/p/query HTTP/1.1\r\nHost: x\r\nX-Algolia-API-Key: \(key)\r\n"
          + "X-Algolia-Application-Id: T\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
      }
      #expect(try await server.call("POST", "/1/indexes/p/query", "{}", key: only2).status == 403)
      #expect(try Self.status(port: server.port, from: "127.0.0.1", request: request(only2)) == 403)
      #expect(try Self.status(port: server.port, from: "127.0.0.2", request: request(only2)) == 200)
      #expect(try Self.status(port: server.port, from: "127.0.0.3", request: request(loopback)) == 200)
      #expect(try await server.call("POST", "/1/indexes/p/query", "{}", key: loopback).status == 200)
    }
  }
}
