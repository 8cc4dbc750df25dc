import Foundation
import Hummingbird
import NIOCore
import OutsideInput
import PetSpotJSON

/// A request's body, read up to a limit and within the shared ``BodyBudget``.
enum RequestBody {
    /// The body's bytes, at most `limit`: 413 problem details past it (by `Content-Length`
    /// before reading, or while reading); 503 with `Retry-After` when the bodies being received
    /// together would go past the server's body budget.
    static func collect(_ request: Request, limit: Int, what: String) async throws -> Data {
        let buffer = try await collectBuffer(request, limit: limit, what: what)
        return Data(buffer.readableBytesView)
    }

    /// ``collect(_:limit:what:)`` as a `ByteBuffer`.
    static func collectBuffer(_ request: Request, limit: Int, what: String) async throws -> ByteBuffer {
        let tooLarge = Problem(.contentTooLarge, detail: "\(what) is larger than \(limit) bytes, the limit.")
        let lease = BodyBudget.lease
        let busy = Problem(
            .serviceUnavailable,
            detail: "The server is receiving too many request bodies at once; send this one again in a few seconds.",
            extensions: [("reason", "bodyBudget")], headers: [.retryAfter: "5"])
        if let length = request.headers[.contentLength].flatMap({ Int($0) }) {
            if length > limit { throw tooLarge }
            if let lease, !lease.budget.fits(length) {
                ServiceMetrics.refused(.bodyBudget)
                throw busy
            }
        }
        var buffer = ByteBuffer()
        // Reserved as the bytes arrive, so a client that only announces a large body takes
        // nothing from the budget.
        for try await chunk in request.body {
            guard chunk.readableBytes <= limit - buffer.readableBytes else { throw tooLarge }
            if let lease, !lease.reserve(chunk.readableBytes) {
                ServiceMetrics.refused(.bodyBudget)
                throw busy
            }
            buffer.writeImmutableBuffer(chunk)
        }
        return buffer
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
