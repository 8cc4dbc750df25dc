import Hummingbird
import Logging

/// Gives every request an id that every log line written for it carries (`hb.request.id`)
/// and that its answer names (`X-Request-Id`): the client's own `X-Request-Id` when it sends
/// one of 1 to 128 letters, digits and `-_.:`, else the id Hummingbird made.
struct RequestIDMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var context = context
        if let given = request.headers[.requestID], Self.acceptable(given) {
            context.logger[metadataKey: "hb.request.id"] = .string(given)
        }
        let id = context.logger[metadataKey: "hb.request.id"]?.description ?? ""
        var response = try await next(request, context)
        response.headers[.requestID] = id
        return response
    }

    /// Whether a client's id may go into the logs as it is.
    static func acceptable(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count)
            && id.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                    UInt8(ascii: ":"):
                    true
                default: false
                }
            }
    }
}
