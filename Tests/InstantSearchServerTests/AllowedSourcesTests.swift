import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

@testable import InstantSearchServer

@Suite("serve: the allowed sources (/1/security/sources)")
struct AllowedSourcesTests {
  @Test("A range holds the addresses its prefix covers, IPv4 given as IPv6 too; bad ranges are refused")
  func ranges() throws {
    let network = try AllowedSource(source: "10.1.0.0/16")
    #expect(network.contains("10.1.2.3") && network.contains("10.1.255.255") && network.contains("::ffff:10.1.0.9"))
    #expect(!network.contains("10.2.0.1") && !network.contains("11.1.0.1") && !network.contains("fe80::1"))
    let single = try AllowedSource(source: "192.168.1.7")
    #expect(single.contains("192.168.1.7") && !single.contains("192.168.1.8"))
    let odd = try AllowedSource(source: "172.16.0.0/12")
    #expect(odd.contains("172.31.255.1") && !odd.contains("172.32.0.1"))
    let everything = try AllowedSource(source: "0.0.0.0/0")
    #expect(everything.contains("8.8.8.8") && !everything.contains("2001:db8::1"))
    let v6 = try AllowedSource(source: "2001:db8::/32", description: "lab")
    #expect(v6.contains("2001:db8:1::5") && !v6.contains("2001:db9::1"))
    for bad in ["theSource", "10.0.0.1/33", "10.0.0.1/", "10.0.0/8", "::1/129", "10.0.0.1/8/1", "", "1.2.3.4/-1"] {
      #expect(throws: APIError.self, "\(bad)") { try AllowedSource(source: bad) }
    }
    #expect(AllowedSource.isLoopback("127.0.0.1") && AllowedSource.isLoopback("::1"))
    #expect(AllowedSource.isLoopback("::ffff:127.0.0.1") && !AllowedSource.isLoopback("10.0.0.1"))
  }

  @Test("Append, list, replace and delete with the admin key, kept across a restart; other keys are refused")
  func endpoints() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sources-\(UUID())").path
    defer {
      do { try FileManager.default.removeItem(atPath: folder) } catch { print("left behind: \(error)") }
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      #expect(try await server.call("GET", "/1/security/sources").json == [])
      let appended = try await server.call(
        "POST", "/1/security/sources/append", #"{"source":"10.0.0.0/8","description":"office"}"#)
      #expect(appended.status == 200 && appended.json["createdAt"] != nil, "\(appended.json)")
      let replaced = try await server.call(
        "PUT", "/1/security/sources", #"[{"source":"10.0.0.0/8","description":"office"},{"source":"192.168.1.7"}]"#)
      #expect(replaced.status == 200 && replaced.json["updatedAt"] != nil, "\(replaced.json)")
      let bad = try await server.call("POST", "/1/security/sources/append", #"{"source":"theSource"}"#)
      #expect(bad.status == 400, "\(bad.json)")
      let searchKey = try await server.call("GET", "/1/security/sources", key: RunningServer.searchKey)
      #expect(searchKey.status == 403)
      // The server's own machine is trusted by default: its requests still pass.
      #expect(try await server.call("GET", "/1/indexes").status == 200)
    }
    try await RunningServer.with(store: try IndexStore(directory: folder)) { server in
      let listed = try await server.call("GET", "/1/security/sources")
      #expect(
        listed.json == [
          ["source": "10.0.0.0/8", "description": "office"], ["source": "192.168.1.7", "description": ""],
        ], "\(listed.json)")
      let deleted = try await server.call("DELETE", "/1/security/sources/10.0.0.0%2F8")
      #expect(deleted.status == 200 && deleted.json["deletedAt"] != nil, "\(deleted.json)")
      let again = try await server.call("DELETE", "/1/security/sources/10.0.0.0%2F8")
      #expect(again.status == 404, "\(again.json)")
      #expect(try await server.call("GET", "/1/security/sources").json.arrayValue?.count == 1)
    }
  }

  @Test("While the list is set, a request from outside it is refused, whatever its key; an empty list admits all")
  func enforced() async throws {
    try await RunningServer.with(trustsLoopback: false) { server in
      #expect(try await server.call("GET", "/1/indexes").status == 200)
      let inside = try await server.call("PUT", "/1/security/sources", #"[{"source":"127.0.0.0/8"}]"#)
      #expect(inside.status == 200)
      #expect(try await server.call("GET", "/1/indexes").status == 200)
      let outside = try await server.call("PUT", "/1/security/sources", #"[{"source":"10.0.0.0/8"}]"#)
      #expect(outside.status == 200)
      for key in [RunningServer.adminKey, RunningServer.searchKey] {
        let refused = try await server.call("POST", "/1/indexes/p/query", "{}", key: key)
        #expect(refused.status == 403 && refused.json["message"] == "Source not allowed", "\(refused.json)")
      }
      #expect(try await server.call("GET", "/1/isalive", key: "").status == 200)
      #expect(server.store.sources.map(\.source) == ["10.0.0.0/8"])
    }
  }
}
