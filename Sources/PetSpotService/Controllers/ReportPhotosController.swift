import Foundation
import Hummingbird
import PetSpotJSON
import ReportSteps

/// `POST /v1/report-photos/{flow}?filename=NAME&action=pick|continue`: a photo step (Missing
/// *Animal photo* 2/4, Found *Upload photo* 1/3) with the picked file's bytes as the body.
/// The ReportSteps ``PhotoStep`` decides from the bytes (never the name or the media type):
/// a refused file is a 200 answer with the model's message in `error`, like any other field;
/// Continue without a body answers the "Photo is mandatory" toast. Bodies larger than
/// ``ServiceLimits/maximumPhotoBytes`` get 413.
///
/// ```json
/// {"flow": "found", "step": "uploadPhoto", "progress": "1/3", "outcome": "shown", "toast": null,
///  "photo": {"filename": "luna.png", "byteCount": 2400000, "sizeText": "2.4 MB", "type": "PNG",
///            "mimeType": "image/png"},
///  "error": null, "helper": null, "next": null}
/// ```
struct ReportPhotosController {
    /// The longest file name taken.
    static let maximumFilenameLength = 255

    func addRoutes(to router: Router<ServiceRequestContext>) {
        router.post("/v1/report-photos/{flow}") { request, context -> Response in
            let query = try Query(request, allowed: ["filename", "action"])
            let flow = context.parameters.get("flow") ?? ""
            let copy: PhotoStepCopy
            let step: String
            let next: String
            switch flow {
            case "missing": (copy, step, next) = (.missingFlow, "animalPhoto", AnimalDescriptionForm.step)
            case "found": (copy, step, next) = (.foundFlow, "uploadPhoto", FoundPetDetailsForm.step)
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
            guard !filename.isEmpty, filename.count <= Self.maximumFilenameLength else {
                throw Problem.badParameter(
                    "filename", "Query parameter 'filename' must be 1 to \(Self.maximumFilenameLength) characters.")
            }
            let bytes = try await RequestBody.collect(
                request, limit: ServiceLimits.maximumPhotoBytes, what: "The photo")
            var photoStep = PhotoStep(copy: copy)
            if !continuing || !bytes.isEmpty {
                try? photoStep.attach(filename: filename, bytes: [UInt8](bytes))
            }
            let outcome = continuing ? photoStep.continueTapped() : nil
            return .json(Self.answer(photoStep, flow: flow, step: step, outcome: outcome, next: next))
        }
    }

    static func answer(_ step: PhotoStep, flow: String, step name: String, outcome: StepOutcome?, next: String)
        -> JSONValue
    {
        let photo: JSONValue =
            step.photo.map { photo in
                .object([
                    ("filename", .string(photo.filename)), ("byteCount", .number(Double(photo.byteCount))),
                    ("sizeText", .string(photo.sizeText)), ("type", .string(photo.type.rawValue)),
                    ("mimeType", .string(photo.type.mimeType)),
                ])
            } ?? .null
        return .object([
            ("flow", .string(flow)), ("step", .string(name)), ("progress", .string(step.copy.progress)),
            ("outcome", .string(StepAnswer.outcomeName(outcome))),
            ("toast", outcome?.toast.map(StepAnswer.toastJSON) ?? .null),
            ("photo", photo), ("error", .string(step.errorMessage)), ("helper", .string(step.helperText)),
            ("next", .string(outcome?.advances == true ? next : nil)),
        ])
    }
}
