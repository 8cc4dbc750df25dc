import Foundation
import PetSpotJSON
import ReportSteps

/// What a photo step shows, as the step API answers it: the picked file's card (name, size,
/// format) or the model's reason for refusing it, and Continue's outcome. The rule is the
/// step's own (``PhotoStep/check(head:byteCount:)``), decided on the file's first bytes and
/// its size, so that the photo itself is sent once, with Submit report.
struct PhotoAnswer {
    let flow: String
    let step: String
    /// The step's progress chip: `"2/4"`.
    let progress: String
    let copy: PhotoStepCopy
    /// The accepted file: its name, size and format.
    var photo: (filename: String, byteCount: Int, type: ImageType)?
    /// Why the picked file was refused.
    var error: String?
    /// Continue's outcome (`nil` for a pick).
    var outcome: StepOutcome?
    /// The step after Continue advanced.
    var next: String?

    init(flow: String, step: String, progress: String, copy: PhotoStepCopy) {
        self.flow = flow
        self.step = step
        self.progress = progress
        self.copy = copy
    }

    /// A file picked: `head` is its start (or the whole file), `byteCount` its size.
    mutating func pick(filename: String, head: Data, byteCount: Int) {
        do throws(PhotoError) {
            let type = try PhotoStep(copy: copy).check(head: head, byteCount: byteCount)
            photo = (filename, byteCount, type)
            self.error = nil
        } catch {
            photo = nil
            self.error = error.description
        }
    }

    /// Continue: on with a photo, else the "Photo is mandatory" toast (spec 001 FR-004).
    mutating func continueTapped(next: String?) {
        outcome = photo == nil ? .stay(.photoMandatory) : .advance
        self.next = photo == nil ? nil : next
    }

    var json: JSONValue {
        let photo: JSONValue =
            self.photo.map { photo in
                .object([
                    ("filename", .string(photo.filename)), ("byteCount", .number(Double(photo.byteCount))),
                    ("sizeText", .string(PhotoAttachment.sizeText(byteCount: photo.byteCount))),
                    ("type", .string(photo.type.rawValue)), ("mimeType", .string(photo.type.mimeType)),
                ])
            } ?? .null
        return .object([
            ("flow", .string(flow)), ("step", .string(step)), ("progress", .string(progress)),
            ("outcome", .string(StepAnswer.outcomeName(outcome))),
            ("toast", outcome?.toast.map(StepAnswer.toastJSON) ?? .null),
            ("photo", photo), ("error", .string(error)),
            ("helper", .string(self.photo == nil ? copy.requirementHelperText : nil)), ("next", .string(next)),
        ])
    }
}
