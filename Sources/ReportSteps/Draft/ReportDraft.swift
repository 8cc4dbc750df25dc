import ReportStore

/// Everything a person has entered in a report wizard, as text, so that a front end can keep
/// it in local storage and offer to resume it: spec 001 asks that a draft session survive the
/// app going to the background for more than 30 minutes, with the photo's card still shown.
///
/// A draft holds the step on screen and every field's text as its input shows it — including
/// text that is not valid yet — by the fields' names (``ReportField``: `lastSeenDate`,
/// `species`, `breed`, `phone`, …), the names an answers file uses. The photo is named, not
/// embedded: its bytes are the front end's to keep (``MissingReportMachine/restore(_:photoBytes:)``
/// takes them back). Inline messages are not kept: validation is on submit, and the next
/// Continue shows them again.
///
/// ```swift
/// let draft = flow.draft                          // after every change; save it somewhere
/// let resumed = MissingPetReportFlow(locationRequester: requester)
/// resumed.restore(draft, photoBytes: savedBytes)  // same step, same texts, same photo
/// ```
public struct ReportDraft: Sendable, Hashable, Codable {
    /// Which wizard the draft belongs to.
    public enum Flow: String, Sendable, Hashable, Codable {
        /// `MissingPetReportFlow`.
        case missing
        /// `FoundPetReportFlow`.
        case found
    }

    /// Which wizard.
    public var flow: Flow
    /// The step on screen, as the flow's `Step` raw value (`1`…`4` Missing, `1`…`3` Found).
    public var step: Int
    /// The attached photo's file name, if any (its bytes are kept beside the draft).
    public var photoFilename: String?
    /// Every field with text or a choice, by field name, as its input shows it.
    public var fields: [String: String]

    /// A draft.
    public init(flow: Flow, step: Int, photoFilename: String? = nil, fields: [String: String] = [:]) {
        self.flow = flow
        self.step = step
        self.photoFilename = photoFilename
        self.fields = fields
    }

    /// `true` when nothing was entered: no photo and no field (a draft not worth keeping).
    public var isEmpty: Bool { photoFilename == nil && fields.isEmpty }
}

extension FieldForm {
    /// The fields with text, by name: what a draft keeps of this step.
    var draftFields: [String: String] {
        Dictionary(uniqueKeysWithValues: texts.filter { !$0.text.isEmpty }.map { ($0.field.rawValue, $0.text) })
    }

    /// Puts back the texts `fields` has for this step, as a page's inputs would type them:
    /// nothing is refused or validated, so the person continues as they left off.
    mutating func restore(_ fields: [String: String]) {
        for field in Self.fields {
            guard let text = fields[field.rawValue] else { continue }
            try? enter(text, in: field, as: .keystrokes)
        }
    }
}

extension MissingReportMachine {
    /// What the person has entered so far, to save (see ``ReportDraft``). The date and the
    /// search radius are kept only when they are not the defaults (today, 10 km).
    public var draft: ReportDraft {
        var fields = microchipStep.draftFields.merging(contactStep.draftFields) { first, _ in first }
        fields.merge(descriptionStep.draftFields) { first, _ in first }
        if descriptionStep.date == descriptionStep.latestSelectableDate {
            fields[ReportField.lastSeenDate.rawValue] = nil
        }
        if descriptionStep.radius == .standard { fields[ReportField.locationRadius.rawValue] = nil }
        return ReportDraft(
            flow: .missing, step: step.rawValue, photoFilename: photoStep.photo?.filename, fields: fields)
    }

    /// Starts again from `draft` (``ReportMachine/restore(_:photoBytes:)``).
    public mutating func restore(_ draft: ReportDraft, photoBytes: [UInt8]?) {
        resume(from: draft, photoBytes: photoBytes) { machine, fields in
            machine.microchipStep.restore(fields)
            machine.descriptionStep.restore(fields)
            machine.contactStep.restore(fields)
        }
    }
}

extension FoundReportMachine {
    /// What the person has entered so far, to save (see ``ReportDraft``).
    public var draft: ReportDraft {
        let fields = petDetailsStep.draftFields.merging(contactStep.draftFields) { first, _ in first }
        return ReportDraft(flow: .found, step: step.rawValue, photoFilename: photoStep.photo?.filename, fields: fields)
    }

    /// Starts again from `draft` (``ReportMachine/restore(_:photoBytes:)``).
    public mutating func restore(_ draft: ReportDraft, photoBytes: [UInt8]?) {
        resume(from: draft, photoBytes: photoBytes) { machine, fields in
            machine.petDetailsStep.restore(fields)
            machine.contactStep.restore(fields)
        }
    }
}
