import Foundation
import Hummingbird
import NIOCore
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

/// What the photo routes share — `PUT`/`GET /v1/reports/{id}/photo` and
/// `PUT`/`GET /v1/reports/{id}/sightings/{sid}/photo`: the body checked by the report flow's
/// ``PhotoStep`` rule and kept without its metadata (``ReportPhotoRules``), the refusals as
/// 413/415/422, and the answer of a `GET` (`ETag`, `Cache-Control`, `304`).
enum PhotoRoute {
    /// A photo may be kept, but asked for again each time (`PUT` replaces it): with its
    /// `ETag`, the asking costs a `304` with no body.
    static let caching = "public, no-cache"

    /// The body of `request` as a photo for a report of `kind`, named `name`: the flow's rule
    /// (the format from the bytes, never a name or a media type; 10 MB), then its metadata
    /// removed.
    ///
    /// - Throws: ``Problem``: 413 too large, 415 not an image the flow takes, 422 empty or damaged,
    ///   each with the model's message.
    static func admit(_ request: Request, for kind: ReportKind, name: String) async throws -> ReportPhoto {
        let bytes = try await RequestBody.collectPhoto(request)
        var step = ReportPhotoRules.step(for: kind)
        do throws(PhotoError) {
            return try step.attachWithoutMetadata(filename: name, bytes: [UInt8](bytes)).photo
        } catch {
            throw Problem(status(error), detail: error.description)
        }
    }

    /// The answer of a `PUT` that kept `photo`, served at `url`: `{"url", "type", "mimeType",
    /// "byteCount"}` (the kept bytes).
    static func kept(_ photo: ReportPhoto, at url: String) -> Response {
        .json(
            .object([
                ("url", .string(url)), ("type", .string(photo.type.rawValue)),
                ("mimeType", .string(photo.type.mimeType)), ("byteCount", .number(Double(photo.bytes.count))),
            ]))
    }

    /// `photo` as the answer of a `GET`: its bytes with their `Content-Type`, an `ETag` (the
    /// bytes' SHA-256, the same on every server) and ``caching``; `304` with no body to an
    /// `If-None-Match` naming that tag.
    static func response(_ request: Request, _ photo: ReportPhoto) -> Response {
        let tag = "\"\(photo.tag)\""
        var headers: HTTPFields = [.eTag: tag, .cacheControl: caching, .xContentTypeOptions: "nosniff"]
        if matches(request.headers[values: .ifNoneMatch], tag) {
            return Response(status: .notModified, headers: headers)
        }
        headers[.contentType] = photo.type.mimeType
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: photo.bytes)))
    }

    /// Whether an `If-None-Match` header's values name `tag` (RFC 9110 section 13.1.2: a list of
    /// tags, weak ones compared weakly, or `*`).
    static func matches(_ values: [String], _ tag: String) -> Bool {
        for value in values {
            for item in value.split(separator: ",") {
                var candidate = item.trimmingCharacters(in: .whitespaces)
                if candidate == "*" { return true }
                if candidate.hasPrefix("W/") { candidate.removeFirst(2) }
                if candidate == tag { return true }
            }
        }
        return false
    }

    /// 413 too large, 415 not an image the flow takes, 422 empty or damaged.
    private static func status(_ error: PhotoError) -> HTTPResponse.Status {
        switch error {
        case .tooLarge: .contentTooLarge
        case .unsupportedType, .typeNotAccepted: .unsupportedMediaType
        case .empty, .damaged: .unprocessableContent
        }
    }
}
