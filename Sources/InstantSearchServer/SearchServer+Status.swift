import Foundation
import Hummingbird
import InstantSearchEngine
import InstantSearchModel
import NIOCore

extension SearchServer {
  /// The server's own state: `GET /1/isalive` (Algolia's health check, answered without credentials, as
  /// load balancers call it) and `GET /1/logs` (the newest requests, a key with the `logs` ACL).
  func addStatusRoutes(to router: Router<ServerContext>) {
    router.get("/1/isalive") { _, _ in Response.json(["message": "server is alive"]) }
    router.get(
      "/metrics",
      use: handler(.admin) { [store] _ throws(APIError) in
        let text = try Self.searching { () throws(EngineError) in try store.metrics.text(of: store) }
        return Response(
          status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
          body: ResponseBody(byteBuffer: ByteBuffer(bytes: text)))
      })
    router.get(
      "/1/logs",
      use: handler(.acl("logs")) { [requestLog] call throws(APIError) in
        let parameters = call.request.uri.queryParameters
        let offset = try Self.queryInteger(parameters.get("offset"), "offset", in: 0...RequestLog.capacity) ?? 0
        let length = try Self.queryInteger(parameters.get("length"), "length", in: 1...RequestLog.capacity) ?? 10
        let type = parameters.get("type").map { String($0) } ?? "all"
        guard ["all", "query", "build", "error"].contains(type) else {
          throw APIError(400, "type: all, query, build or error is expected, got \(type.prefix(40))")
        }
        let index = parameters.get("indexName").map { String($0) }
        return .json(["logs": .array(requestLog.entries(offset: offset, length: length, index: index, type: type))])
      })
  }
}
