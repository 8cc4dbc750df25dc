import Hummingbird
import Logging
import OutsideInput

/// Turns every error into problem details: Hummingbird's own (404 no route, 413 body too
/// large) and anything unexpected (a 500 that names no internals). A 404 for a path that
/// exists with another method becomes a 405 with `Allow`.
struct ProblemMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The routes, to tell a wrong method from an unknown path.
    let routes: RouteIndex

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let problem as Problem {
            if let logged = problem.logged {
                // A store that cannot be reached is logged once when it goes and once when it
                // comes back (StoreHealth); each request it fails is the operator's only on debug.
                let level: Logger.Level = problem.status == .serviceUnavailable ? .debug : .error
                context.logger.log(level: level, "\(problem.detail)", metadata: ["error": "\(logged)"])
            }
            return try problem.response(from: request, context: context)
        } catch let error as HTTPError {
            return try problem(for: error, request: request).response(from: request, context: context)
        } catch {
            context.logger.error("unexpected error", metadata: ["error": "\(error)"])
            return try Problem(.internalServerError, detail: "The server failed to answer; this is a bug in petspot.")
                .response(from: request, context: context)
        }
    }

    private func problem(for error: HTTPError, request: Request) -> Problem {
        switch error.status {
        case .notFound:
            let path = request.uri.path
            let methods = routes.methods(for: path)
            if !methods.isEmpty {
                let allow = methods.joined(separator: ", ")
                return Problem(
                    .methodNotAllowed,
                    detail:
                        "\(request.method.rawValue) is not allowed on \(String(path.prefix(200)).terminalSafe); use \(allow).",
                    headers: [.allow: allow])
            }
            return Problem(
                .notFound,
                detail:
                    "No endpoint at \(String(path.prefix(200)).terminalSafe). The API is described at /openapi.yaml.")
        case .contentTooLarge:
            return Problem(
                .contentTooLarge,
                detail: "The request body is larger than \(ServiceLimits.maximumBodyBytes) bytes, the limit.")
        default:
            return Problem(error.status, detail: error.body ?? error.status.reasonPhrase)
        }
    }
}
