import Foundation
import Hummingbird
import InstantSearchModel

extension SearchServer {
  /// The server's own state: `GET /1/isalive` (Algolia's health check, answered without credentials, as
  /// load balancers call it).
  func addStatusRoutes(to router: Router<ServerContext>) {
    router.get("/1/isalive") { _, _ in Response.json(["message": "server is alive"]) }
  }
}
