import Foundation
import Hummingbird
import NIOCore
import OutsideInput

/// A request's body, read up to a limit.
enum RequestBody {
    /// The body's bytes, at most `limit`; 413 problem details past it (by `Content-Length`
    /// before reading, or while reading).
    static func collect(_ request: Request, limit: Int, what: String) async throws -> Data {
        let tooLarge = Problem(.contentTooLarge, detail: "\(what) is larger than \(limit) bytes, the limit.")
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge }
        do {
            let buffer = try await request.body.collect(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw tooLarge
        }
    }

    /// Refuses a body that is not `application/json` (415, with `Accept`).
    static func requireJSON(_ request: Request) throws(Problem) {
        let contentType = request.headers[.contentType]
        let mediaType = contentType?.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        guard mediaType == "application/json" else {
            throw Problem(
                .unsupportedMediaType,
                detail:
                    "The body must be sent as application/json; got \(String((contentType ?? "no Content-Type").prefix(80)).terminalSafe).",
                headers: [.accept: "application/json"])
        }
    }
}
