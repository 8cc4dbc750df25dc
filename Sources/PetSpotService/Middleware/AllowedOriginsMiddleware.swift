import HTTPTypes
import Hummingbird
import NIOCore

/// CORS for the `--allow-origin` list only, by Hummingbird's `CORSMiddleware`: a request whose
/// `Origin` is in the list gets `Access-Control-Allow-Origin` with that origin (and `Vary:
/// Origin`), and a preflight from it is answered 204 with every method the API has, the
/// headers a front end sends (`Authorization` for owner tokens) and the ones its scripts may
/// read (`Location`, `Retry-After`, `X-Request-Id`). Any other origin gets no CORS headers, so
/// a browser keeps its page from reading the answer.
struct AllowedOriginsMiddleware<Context: RequestContext>: RouterMiddleware {
    let origins: Set<String>
    private let cors: CORSMiddleware<Context>

    init(origins: Set<String>) {
        self.origins = origins
        // `.originBased` echoes the request's origin; the guard in `handle` lets only the listed
        // ones reach it (`.oneOf` takes a variadic list, not one known at run time).
        cors = CORSMiddleware(
            allowOrigin: .originBased,
            allowHeaders: [.accept, .authorization, .contentType, .lastEventID, .requestID, .idempotencyKey],
            allowMethods: [.get, .head, .post, .put, .patch, .delete, .options],
            exposedHeaders: ["Location", "Retry-After", "X-Request-Id"],
            maxAge: .seconds(600))
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let origin = request.headers[.origin], origins.contains(origin) else {
            return try await next(request, context)
        }
        return try await cors.handle(request, context: context, next: next)
    }
}
