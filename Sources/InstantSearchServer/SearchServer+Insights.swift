import Foundation
import Hummingbird
import InstantSearchEngine
import InstantSearchModel

extension SearchServer {
  /// Algolia's Insights API: `POST /1/events` (a key with the `search` ACL, as on Algolia) and
  /// `DELETE /1/usertokens/{userToken}` (a key with `deleteObject`).
  func addInsightsRoutes(to router: Router<ServerContext>) {
    router.post(
      "/1/events",
      use: handler(.search) { [store] call throws(APIError) in
        guard call.bodyBytes < InsightsEventRecord.maximumBodyBytes else {
          throw APIError(413, "the request body must be smaller than 2 MB")
        }
        let now = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        let events = try InsightsEventRecord.events(of: call.json, now: now)
        // A key restricted to some indices sends events about those only.
        for event in events { try call.grant.check(index: event.index) }
        try Self.searching { () throws(EngineError) in try store.analytics.record(events) }
        return .json(["status": 200, "message": "OK"])
      })
    router.delete(
      "/1/usertokens/:userToken",
      use: handler(.acl("deleteObject")) { [store] call throws(APIError) in
        let token = try Self.parameter(call.context, "userToken")
        do throws(APIError) {
          try InsightsEventRecord.checkUserToken(token, "userToken")
        } catch {
          throw APIError(422, error.message)
        }
        try Self.searching { () throws(EngineError) in try store.analytics.forget(userToken: token) }
        return Response(status: .noContent)
      })
  }
}
