import Hummingbird

/// CORS for the `--allow-origin` list only: a request whose `Origin` is in the list gets
/// `Access-Control-Allow-Origin` with that origin (and `Vary: Origin`); a preflight
/// (`OPTIONS` with `Access-Control-Request-Method`) from such an origin is answered 204. Any
/// other origin gets no CORS headers, so a browser keeps its page from reading the answer.
struct AllowedOriginsMiddleware<Context: RequestContext>: RouterMiddleware {
    let origins: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        guard let origin = request.headers[.origin], origins.contains(origin) else {
            return try await next(request, context)
        }
        if request.method == .options, request.headers[.accessControlRequestMethod] != nil {
            return Response(
                status: .noContent,
                headers: [
                    .accessControlAllowOrigin: origin, .vary: "Origin",
                    .accessControlAllowMethods: "GET, POST, OPTIONS",
                    .accessControlAllowHeaders: "Accept, Content-Type, Last-Event-ID",
                    .accessControlMaxAge: "600",
                ])
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.vary] = "Origin"
        return response
    }
}
