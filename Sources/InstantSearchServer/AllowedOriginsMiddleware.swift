import HTTPTypes
import Hummingbird

/// CORS for the browsers the server answers: every origin (`*`, the default, as Algolia's API), or only
/// the origins listed (`--cors-origin`): a listed origin gets its own name back in
/// `Access-Control-Allow-Origin`, any other none, so that browsers refuse its pages the answers. Each case
/// is Hummingbird's `CORSMiddleware`, picked by the request's `Origin`.
struct AllowedOriginsMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The headers a browser may send: Algolia's credentials and agent besides the usual ones.
  static var allowedHeaders: [HTTPField.Name] {
    [.contentType, .accept, .origin]
      + ["x-algolia-api-key", "x-algolia-application-id", "x-algolia-agent", "x-algolia-usertoken"].compactMap {
        HTTPField.Name($0)
      }
  }

  private let everyOrigin: CORSMiddleware<Context>?
  private let byOrigin: [String: CORSMiddleware<Context>]
  private let refused: CORSMiddleware<Context>

  /// CORS for `origins` (`nil`: every origin).
  init(origins: [String]?) {
    let methods: [HTTPRequest.Method] = [.get, .post, .put, .delete, .options]
    let make = { (allow: CORSMiddleware<Context>.AllowOriginExtended) in
      CORSMiddleware<Context>(allowOrigin: allow, allowHeaders: Self.allowedHeaders, allowMethods: methods)
    }
    everyOrigin = origins == nil ? make(.all) : nil
    var byOrigin: [String: CORSMiddleware<Context>] = [:]
    for origin in origins ?? [] { byOrigin[origin] = make(.oneOf(origin)) }
    self.byOrigin = byOrigin
    refused = make(.none)
  }

  func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    if let everyOrigin { return try await everyOrigin.handle(request, context: context, next: next) }
    let chosen = request.headers[.origin].flatMap { byOrigin[$0] } ?? refused
    return try await chosen.handle(request, context: context, next: next)
  }
}
