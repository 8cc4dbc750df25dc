public import Hummingbird
import NIOCore
public import PetSpotJSON
import Reports

/// An error answered as RFC 9457 problem details (`application/problem+json`): every route
/// of the service fails this way, with a `detail` a person can act on.
///
/// ```json
/// {"type":"about:blank","title":"Bad Request","status":400,
///  "detail":"Query parameter 'km' must be a number of kilometres from 0 to 10000; got 'ten'.",
///  "parameter":"km"}
/// ```
public struct Problem: HTTPResponseError, CustomStringConvertible, Sendable {
    /// The HTTP status.
    public var status: HTTPResponse.Status
    /// What went wrong and what to do, for a person.
    public var detail: String
    /// Extension members after the standard ones (`parameter`, `reason`, …).
    public var extensions: [(String, JSONValue)]
    /// Extra response headers (`Allow` for a 405).
    public var headers: HTTPFields
    /// What the operator's log gets besides (a server path, a database's error): never sent.
    public var logged: String?

    /// A problem with `status`, `detail` and extension members.
    public init(
        _ status: HTTPResponse.Status, detail: String, extensions: [(String, JSONValue)] = [],
        headers: HTTPFields = [:]
    ) {
        self.status = status
        self.detail = detail
        self.extensions = extensions
        self.headers = headers
    }

    /// A 500 for a photo that could not be kept, read or removed: the visitor is told what
    /// happened in their terms, the log gets `error` (which names files and system errors).
    static func photoFailed(_ what: String, _ error: any Error) -> Problem {
        var problem = Problem(
            .internalServerError,
            detail: what + " Try again in a moment; if it keeps failing, tell the people who run this service.",
            extensions: [("reason", "photoFailed")])
        problem.logged = "\(error)"
        return problem
    }

    /// The 503 of a route that needs the reports store on a server started without one.
    static let noStore = Problem(
        .serviceUnavailable, detail: "This server has no reports store (start it with --store URL).",
        extensions: [("reason", "noStore")])

    /// The 503 of a photo route on a server that keeps no photos.
    static let noPhotos = Problem(
        .serviceUnavailable, detail: ReportPhotoError.notKept.description, extensions: [("reason", "noPhotos")])

    /// A 400 about one query parameter: `detail` names it and the rule.
    public static func badParameter(_ name: String, _ detail: String) -> Problem {
        Problem(.badRequest, detail: detail, extensions: [("parameter", .string(name))])
    }

    /// The body: `{"type", "title", "status", "detail", …extensions}`.
    public var json: JSONValue {
        .object(
            [
                ("type", "about:blank"), ("title", .string(status.reasonPhrase)),
                ("status", .number(Double(status.code))), ("detail", .string(detail)),
            ] + extensions)
    }

    /// `400 Bad Request: detail`, for logs.
    public var description: String { "\(status.code) \(status.reasonPhrase): \(detail)" }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/problem+json"
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: json.text)))
    }
}
