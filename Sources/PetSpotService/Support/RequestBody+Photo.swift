import Foundation
import Hummingbird
import ReportSteps

extension RequestBody {
    /// A photo sent as a request's body (`PUT /v1/reports/{id}/photo`, `POST
    /// /v1/report-photos/{flow}`): at most ``ServiceLimits/maximumPhotoBytes``, the photo steps'
    /// own ``PhotoStep/maximumByteCount``. A larger body is refused with 413 and the step's
    /// message — "This photo is 20.2 MB; the largest photo we take is 10 MB. …" when its
    /// `Content-Length` says its size, "larger than 10 MB" when it comes in chunks — before
    /// anything is read past the limit.
    static func collectPhoto(_ request: Request) async throws -> Data {
        let limit = ServiceLimits.maximumPhotoBytes
        let tooLarge = { (byteCount: Int) in
            Problem(.contentTooLarge, detail: PhotoError.tooLarge(byteCount: byteCount, limit: limit).description)
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { throw tooLarge(length) }
        do {
            return try await collect(request, limit: limit, what: "The photo")
        } catch let problem as Problem where problem.status == .contentTooLarge {
            throw tooLarge(limit + 1)
        }
    }
}
