import Foundation
import Geodata
import Geodesy
import Hummingbird
import OutsideInput
import PetSpotJSON
import ReportSteps
import ReportStore
import Reports

/// A posted report checked by the wizards' own step models — *Animal description* for a
/// missing report (and *Microchip number*'s rule), *Pet details* and *Contact information* for a found one — so a body gets
/// exactly the messages a person gets on the form, and no rule has a second copy here.
///
/// The bodies are the wizards' payloads (`petspot report missing|found` prints them), plus
/// what the store keeps beyond them.
enum ReportSubmission {
    /// The members of a missing report: the wizard's JSON, and `location`, `locationRadius`
    /// (km), `phone`, `email`, `photoUrl`, `reward`.
    static let missingFields = [
        "flow", "steps", "microchipNumber", "photo", "disappearanceDate", "animalSpecies", "animalRace", "animalGender",
        "animalAge",
        "latitude", "longitude", "animalAdditionalDescription", "location", "locationRadius", "phone", "email",
        "photoUrl", "reward",
    ]

    /// The members of a found report: `FoundReportPayload`'s, and `location`, `photoUrl`.
    static let foundFields = [
        "status", "lastSeenDate", "species", "breed", "gender", "locationLatitude", "locationLongitude",
        "microchipNumber", "description", "phone", "email", "location", "photoUrl",
    ]

    /// The body's field for each step field identifier.
    static let fieldNames: [String: String] = [
        AnimalDescriptionCopy.ID.datePicker: "disappearanceDate",
        AnimalDescriptionCopy.ID.speciesDropdown: "animalSpecies",
        AnimalDescriptionCopy.ID.raceTextField: "animalRace",
        AnimalDescriptionCopy.ID.genderFemale: "animalGender",
        AnimalDescriptionCopy.ID.ageTextField: "animalAge",
        AnimalDescriptionCopy.ID.latitudeTextField: "latitude",
        AnimalDescriptionCopy.ID.longitudeTextField: "longitude",
        FoundFlowCopy.PetDetails.ID.datePicker: "lastSeenDate",
        FoundFlowCopy.PetDetails.ID.speciesDropdown: "species",
        FoundFlowCopy.PetDetails.ID.sexFemale: "gender",
        CoordinateFieldsCopy.foundFlow.latitudeAccessibilityIdentifier: "locationLatitude",
        CoordinateFieldsCopy.foundFlow.longitudeAccessibilityIdentifier: "locationLongitude",
        FoundFlowCopy.Contact.ID.phoneTextField: "phone",
        FoundFlowCopy.Contact.ID.emailTextField: "email",
        MissingStepsCopy.Contact.ID.phoneTextField: "phone",
        MissingStepsCopy.Contact.ID.emailTextField: "email",
    ]

    /// A body's microchip number is the stored digits, not an entry with spaces or hyphens.
    static let microchipDigitsOnly = "only digits, at most \(MicrochipNumber.maximumDigits) of them (nothing was cut)"

    /// The longest photo URL, reward or place name accepted.
    static let maximumExtraLength = 2048

    /// A missing report from `data`.
    ///
    /// - Throws: ``Problem``: 400 for a body that is not a JSON object, 422 listing every
    ///   field error.
    static func missing(_ data: Data, today: Today) throws(Problem) -> PetReport {
        var body = try ReportBody(data, known: missingFields)
        var step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: today)
        if let text = body.text("disappearanceDate") {
            day(text, field: "disappearanceDate", future: AnimalDescriptionCopy.dateInFuture, body: &body) {
                step.selectDate($0)
            }
        }
        if let text = body.text("animalSpecies") {
            if let option = species(text, field: "animalSpecies", body: &body) { step.selectSpecies(option) }
        }
        if let race = body.limited("animalRace", limit: maximumExtraLength) { step.setRace(race) }
        if let text = body.text("animalGender") {
            if let gender = gender(text, field: "animalGender", body: &body) { step.selectGender(gender) }
        }
        if let age = body.text("animalAge", numbers: true) { step.setAge(age) }
        if let latitude = body.text("latitude", numbers: true) { step.coordinates.latitudeText = latitude }
        if let longitude = body.text("longitude", numbers: true) { step.coordinates.longitudeText = longitude }
        if let description = body.limited("animalAdditionalDescription", limit: AnimalDescriptionCopy.descriptionLimit)
        {
            step.setAdditionalDescription(description)
        }
        var extras = ReportRecords.MissingExtras()
        extras.place = body.limited("location", limit: maximumExtraLength)
        extras.photoUrl = body.limited("photoUrl", limit: maximumExtraLength)
        extras.reward = body.limited("reward", limit: maximumExtraLength)
        if let kilometres = body.number("locationRadius") {
            do {
                extras.radius = try SearchRadius(kilometers: kilometres)
            } catch {
                body.fail("locationRadius", error.description)
            }
        }
        var state = ReportMissingPetFlowState()
        if let chip = body.text("microchipNumber", numbers: true) {
            var microchip = MicrochipStep(state: state)
            if microchip.setMicrochip(chip), !chip.contains(where: { !($0.isASCII && $0.isNumber) }) {
                _ = microchip.continueTapped(writingTo: &state)
            } else {
                body.fail("microchipNumber", microchip.microchipError ?? Self.microchipDigitsOnly)
            }
        }
        _ = step.continueTapped(writingTo: &state)
        // Contact details (4/4): at least one of phone and email, each by the flows' rules —
        // the step the pages and the wizard submit through, so the card can always show it.
        var contact = ContactDetailsStep(state: state)
        contact.setPhone(body.text("phone") ?? "")
        contact.setEmail(body.text("email") ?? "")
        _ = contact.validate(writingTo: &state)
        try check(body, step.inlineErrors + contact.inlineErrors)
        return ReportRecords.missing(state, extras: extras)
    }

    /// A found report from `data`.
    ///
    /// - Throws: ``Problem``: 400 for a body that is not a JSON object, 422 listing every
    ///   field error.
    static func found(_ data: Data, today: Today) throws(Problem) -> PetReport {
        var body = try ReportBody(data, known: foundFields)
        if let status = body.text("status"), status != "FOUND" {
            body.fail("status", "a found report's status is FOUND (or leave it out)")
        }
        var details = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: today)
        if let text = body.text("lastSeenDate") {
            day(text, field: "lastSeenDate", future: FoundFlowCopy.PetDetails.dateInFuture, body: &body) {
                details.selectDate($0)
            }
        }
        if let text = body.text("species") {
            if let option = species(text, field: "species", body: &body) { details.selectSpecies(option) }
        }
        if let breed = body.limited("breed", limit: maximumExtraLength) { details.setBreed(breed) }
        if let text = body.text("gender") {
            if let gender = gender(text, field: "gender", body: &body) { details.selectSex(gender) }
        }
        if let chip = body.text("microchipNumber", numbers: true) {
            let digits = MicrochipNumber(typing: chip)
            if digits.digits != chip {
                body.fail("microchipNumber", Self.microchipDigitsOnly)
            } else {
                details.setCollarData(chip)
            }
        }
        if let description = body.limited("description", limit: FoundFlowCopy.PetDetails.descriptionLimit) {
            details.setAdditionalDescription(description)
        }
        if let latitude = body.text("locationLatitude", numbers: true) { details.coordinates.latitudeText = latitude }
        if let longitude = body.text("locationLongitude", numbers: true) {
            details.coordinates.longitudeText = longitude
        }
        let place = body.limited("location", limit: maximumExtraLength)
        let photoUrl = body.limited("photoUrl", limit: maximumExtraLength)
        var state = ReportFoundPetFlowState()
        _ = details.continueTapped(writingTo: &state)
        var contact = ContactInfoStep(state: state)
        contact.setPhone(body.text("phone") ?? "")
        contact.setEmail(body.text("email") ?? "")
        _ = contact.validate(writingTo: &state)
        try check(body, details.inlineErrors + contact.inlineErrors)
        guard let payload = FoundReportPayload(state: state) else {
            throw Problem(.unprocessableContent, detail: "The report is not complete.")
        }
        return ReportRecords.found(payload, place: place, photoUrl: photoUrl)
    }

    private static func day(
        _ text: String, field: String, future: String, body: inout ReportBody, select: (CalendarDay) -> Bool
    ) {
        do {
            if !select(try CalendarDay(parsing: text)) { body.fail(field, future) }
        } catch {
            body.fail(field, error.description)
        }
    }

    private static func species(_ text: String, field: String, body: inout ReportBody) -> SpeciesTaxonomyOption? {
        if let option = SpeciesTaxonomy.option(id: text) { return option }
        let names = SpeciesTaxonomy.options.map(\.displayName).joined(separator: ", ")
        body.fail(field, "\"\(String(text.prefix(40)).terminalSafe)\" is not one of the species (\(names))")
        return nil
    }

    private static func gender(_ text: String, field: String, body: inout ReportBody) -> AnimalGender? {
        if let gender = AnimalGender(rawValue: text.uppercased()) { return gender }
        body.fail(field, "\"\(String(text.prefix(40)).terminalSafe)\" is not FEMALE or MALE")
        return nil
    }

    /// A 422 listing every field error, if there are any: the body's (wrong types, unknown
    /// members, values no choice has) and then the step's, by body field; a field the body
    /// already has a message for does not get the step's too ("Please select a species" after
    /// "\"lizard\" is not one of the species").
    private static func check(_ body: ReportBody, _ stepErrors: [(field: String, message: String)]) throws(Problem) {
        let named = Set(body.errors.map(\.field))
        let errors =
            body.errors
            + stepErrors.map { (field: fieldNames[$0.field] ?? $0.field, message: $0.message) }.filter {
                !named.contains($0.field)
            }
        guard !errors.isEmpty else { return }
        throw invalid(errors)
    }

    /// A 422 whose `detail` lists `errors` and whose `errors` member has them one by one:
    /// `[{"field": "animalSpecies", "message": "Please select a species"}, …]`.
    static func invalid(_ errors: [ReportBody.FieldError]) -> Problem {
        let count = errors.count == 1 ? "1 field is invalid" : "\(errors.count) fields are invalid"
        return Problem(
            .unprocessableContent,
            detail: "\(count): " + errors.map { "\($0.field): \($0.message)" }.joined(separator: "; ") + ".",
            extensions: [
                (
                    "errors",
                    .array(errors.map { .object([("field", .string($0.field)), ("message", .string($0.message))]) })
                )
            ])
    }
}
