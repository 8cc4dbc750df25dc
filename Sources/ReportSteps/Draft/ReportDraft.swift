/// Everything a person has entered in a report wizard, as text, so that a front end can keep
/// it in local storage and offer to resume it: spec 001 asks that a draft session survive the
/// app going to the background for more than 30 minutes, with the photo's card still shown.
///
/// A draft holds the step on screen and every field's text as typed — including text that is
/// not valid yet — under the names the CLI's answers files use (`date`, `species`, `race`,
/// `phone`, …). The photo is named, not embedded: its bytes are the front end's to keep
/// (``MissingPetReportFlow/restore(_:photoBytes:)`` takes them back). Inline messages are not
/// kept: validation is on submit, and the next Continue shows them again.
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
    /// Every field with text or a choice, by answers-file name: dates as `YYYY-MM-DD`, species
    /// by id, gender and sex as `FEMALE`/`MALE`, everything else as typed.
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

    /// `fields` without empty values.
    static func nonEmpty(_ fields: [String: String?]) -> [String: String] {
        fields.compactMapValues { value in value.flatMap { $0.isEmpty ? nil : $0 } }
    }
}

extension MissingPetReportFlow {
    /// What the person has entered so far, to save (see ``ReportDraft``). The date is kept
    /// only when it is not the default (today).
    public var draft: ReportDraft {
        let step = descriptionStep
        return ReportDraft(
            flow: .missing, step: self.step.rawValue, photoFilename: photoStep.photo?.filename,
            fields: ReportDraft.nonEmpty([
                "microchip": microchipStep.microchip.digits, "phone": contactStep.phoneText,
                "email": contactStep.emailText,
                "date": step.date == step.latestSelectableDate ? nil : step.date.isoText,
                "species": step.species?.id, "race": step.raceText, "gender": step.gender?.rawValue,
                "age": step.ageText, "description": step.additionalDescription.value,
                "latitude": step.coordinates.latitudeText, "longitude": step.coordinates.longitudeText,
            ]))
    }

    /// Starts again from `draft`: the photo (when `photoBytes` are given and still accepted),
    /// every field's text, and the step it was on. Nothing is validated: the person continues
    /// as they left off.
    public func restore(_ draft: ReportDraft, photoBytes: [UInt8]?) {
        cancel()
        if let filename = draft.photoFilename, let photoBytes {
            try? photoStep.attach(filename: filename, bytes: photoBytes)
        }
        let fields = draft.fields
        if let microchip = fields["microchip"] { microchipStep.setMicrochip(microchip) }
        if let text = fields["date"], let day = try? CalendarDay(parsing: text) { descriptionStep.selectDate(day) }
        if let id = fields["species"] { descriptionStep.selectSpecies(SpeciesTaxonomy.option(id: id)) }
        if let race = fields["race"] { descriptionStep.setRace(race) }
        if let gender = fields["gender"] { descriptionStep.selectGender(AnimalGender(rawValue: gender)) }
        if let age = fields["age"] { descriptionStep.setAge(age) }
        if let text = fields["description"] { descriptionStep.setAdditionalDescription(text) }
        descriptionStep.coordinates.latitudeText = fields["latitude"] ?? ""
        descriptionStep.coordinates.longitudeText = fields["longitude"] ?? ""
        if let phone = fields["phone"] { contactStep.setPhone(phone) }
        if let email = fields["email"] { contactStep.setEmail(email) }
        for next in Step.allCases.dropFirst() where draft.step >= next.rawValue && step.rawValue == next.rawValue - 1 {
            continueTapped()
        }
    }
}

extension FoundPetReportFlow {
    /// What the person has entered so far, to save (see ``ReportDraft``).
    public var draft: ReportDraft {
        let details = petDetailsStep
        let contact = contactStep
        return ReportDraft(
            flow: .found, step: step.rawValue, photoFilename: photoStep.photo?.filename,
            fields: ReportDraft.nonEmpty([
                "date": details.date?.isoText, "species": details.species?.id, "breed": details.breedText,
                "sex": details.sex?.rawValue, "collar": details.microchip.digits,
                "description": details.additionalDescription.value,
                "latitude": details.coordinates.latitudeText, "longitude": details.coordinates.longitudeText,
                "phone": contact.phoneText, "email": contact.emailText, "caregiverPhone": contact.caregiverPhoneText,
                "address": contact.address.value,
            ]))
    }

    /// Starts again from `draft`: the photo (when `photoBytes` are given and still accepted),
    /// every field's text, and the step it was on (as far as the steps before it still pass
    /// Continue). Nothing else is validated.
    public func restore(_ draft: ReportDraft, photoBytes: [UInt8]?) {
        cancel()
        if let filename = draft.photoFilename, let photoBytes {
            try? photoStep.attach(filename: filename, bytes: photoBytes)
        }
        let fields = draft.fields
        if let text = fields["date"], let day = try? CalendarDay(parsing: text) { petDetailsStep.selectDate(day) }
        if let id = fields["species"] { petDetailsStep.selectSpecies(SpeciesTaxonomy.option(id: id)) }
        if let breed = fields["breed"] { petDetailsStep.setBreed(breed) }
        if let sex = fields["sex"] { petDetailsStep.selectSex(AnimalGender(rawValue: sex)) }
        if let collar = fields["collar"] { petDetailsStep.setCollarData(collar) }
        if let text = fields["description"] { petDetailsStep.setAdditionalDescription(text) }
        petDetailsStep.coordinates.latitudeText = fields["latitude"] ?? ""
        petDetailsStep.coordinates.longitudeText = fields["longitude"] ?? ""
        if let phone = fields["phone"] { contactStep.setPhone(phone) }
        if let email = fields["email"] { contactStep.setEmail(email) }
        if let caregiver = fields["caregiverPhone"] { contactStep.setCaregiverPhone(caregiver) }
        if let address = fields["address"] { contactStep.setAddress(address) }
        if draft.step >= Step.petDetails.rawValue { continueTapped() }
        if draft.step >= Step.contactInfo.rawValue, step == .petDetails { continueTapped() }
    }
}
