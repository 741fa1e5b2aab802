import Foundation
import InstantSearchCore
import InstantSearchServer
import Testing

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
