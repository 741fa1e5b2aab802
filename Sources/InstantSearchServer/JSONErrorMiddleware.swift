import HTTPTypes
import Hummingbird

/// Answers the errors Hummingbird raises itself — an unknown route (404), a method the route lacks — as
/// Algolia does, `{"message": …, "status": …}`, instead of an empty body: Algolia's clients decode the body
/// of every error, and the older ones crash on an empty one.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    do {
      return try await next(request, context)
    } catch let error as HTTPError {
      let message = error.body ?? (error.status == .notFound ? "Not found" : error.status.reasonPhrase)
      return .error(APIError(error.status.code, message))
    }
  }
}
