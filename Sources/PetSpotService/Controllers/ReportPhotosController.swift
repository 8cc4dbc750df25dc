import Foundation
import Hummingbird
import PetSpotJSON
import ReportSteps

/// `POST /v1/report-photos/{flow}?filename=NAME&byteCount=N&action=pick|continue`: a photo
/// step (Missing *Animal photo* 2/4, Found *Upload photo* 1/3). The ReportSteps ``PhotoStep``
/// decides from the content (never the name or the media type) and the size: a refused file
/// is a 200 answer with the model's message in `error`, like any other field; Continue
/// without a body answers the "Photo is mandatory" toast.
///
/// The body is the file, or only its first bytes with `byteCount` its size: a page sends the
/// first 64 bytes (the format is in them) and the size, so that the photo itself travels
/// once, with Submit report. Bodies larger than ``ServiceLimits/maximumPhotoBytes`` (the step's
/// own limit) get 413 with the step's message.
///
/// ```json
/// {"flow": "found", "step": "uploadPhoto", "progress": "1/3", "outcome": "shown", "toast": null,
///  "photo": {"filename": "luna.png", "byteCount": 2400000, "sizeText": "2.4 MB", "type": "PNG",
///            "mimeType": "image/png"},
///  "error": null, "helper": null, "next": null}
/// ```
struct ReportPhotosController {
    /// The largest size a page may say a file has (it is checked again when the photo comes).
    static let maximumByteCount = 1 << 40

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/report-photos/{flow}") { request, context -> Response in
            let query = try Query(request, allowed: ["filename", "action", "byteCount"])
            let flow = context.parameters.get("flow") ?? ""
            let step: (name: String, progress: String, copy: PhotoStepCopy, next: String?)
            switch flow {
            case "missing":
                let photo = MissingReportMachine.Step.animalPhoto
                step = (photo.name, photo.progress, .missingFlow, photo.next?.name)
            case "found":
                let photo = FoundReportMachine.Step.uploadPhoto
                step = (photo.name, photo.progress, .foundFlow, photo.next?.name)
            default:
                throw Problem(
                    .notFound, detail: "No report flow '\(StepRequest.shown(flow))'; the flows are missing and found.")
            }
            let continuing: Bool
            switch query["action"] {
            case nil, "pick"?: continuing = false
            case "continue"?: continuing = true
            case let other?:
                throw Problem.badParameter(
                    "action",
                    "Query parameter 'action' must be 'pick' or 'continue'; got '\(StepRequest.shown(other))'.")
            }
            let filename = query["filename"] ?? "photo"
            guard !filename.isEmpty, filename.count <= StepRequest.maximumFilenameLength else {
                throw Problem.badParameter(
                    "filename",
                    "Query parameter 'filename' must be 1 to \(StepRequest.maximumFilenameLength) characters.")
            }
            let bytes = try await RequestBody.collectPhoto(request)
            let byteCount = try Self.byteCount(query, sent: bytes.count)
            var answer = PhotoAnswer(flow: flow, step: step.name, progress: step.progress, copy: step.copy)
            if !continuing || !bytes.isEmpty { answer.pick(filename: filename, head: bytes, byteCount: byteCount) }
            if continuing { answer.continueTapped(next: step.next) }
            return .json(answer.json)
        }
    }

    /// `byteCount`: the file's size when the body is only its start (at least the bytes sent),
    /// else the body's size.
    static func byteCount(_ query: Query, sent: Int) throws(Problem) -> Int {
        let rule = "a whole number of bytes, at least the \(sent) sent"
        guard let value = try query.number("byteCount", in: Double(sent)...Double(maximumByteCount), rule) else {
            return sent
        }
        guard let whole = Int(exactly: value) else {
            throw Problem.badParameter("byteCount", "Query parameter 'byteCount' must be \(rule).")
        }
        return whole
    }
}
