import Location
import OutsideInput
import ReportSteps

/// Applies a ``ReportAnswers`` file to a flow, step by step, as a person would on the
/// terminal, and collects every field that is not valid.
@MainActor
enum AnsweredReport {
    typealias Problem = (field: String, message: String)

    static let missingFields = [
        "microchip", "photo", "date", "species", "race", "gender", "age", "description", "latitude", "longitude",
        "useCurrentLocation", "phone", "email",
    ]

    static let foundFields = [
        "photo", "date", "species", "breed", "sex", "collar", "description", "latitude", "longitude",
        "useCurrentLocation", "phone", "email", "caregiverPhone", "address",
    ]

    /// The answers file's name for a field identifier.
    static let fieldNames: [String: String] = [
        AnimalDescriptionCopy.ID.datePicker: "date",
        AnimalDescriptionCopy.ID.speciesDropdown: "species",
        AnimalDescriptionCopy.ID.raceTextField: "race",
        AnimalDescriptionCopy.ID.genderFemale: "gender",
        AnimalDescriptionCopy.ID.ageTextField: "age",
        AnimalDescriptionCopy.ID.latitudeTextField: "latitude",
        AnimalDescriptionCopy.ID.longitudeTextField: "longitude",
        FoundFlowCopy.PetDetails.ID.datePicker: "date",
        FoundFlowCopy.PetDetails.ID.speciesDropdown: "species",
        FoundFlowCopy.PetDetails.ID.sexFemale: "sex",
        CoordinateFieldsCopy.foundFlow.latitudeAccessibilityIdentifier: "latitude",
        CoordinateFieldsCopy.foundFlow.longitudeAccessibilityIdentifier: "longitude",
        FoundFlowCopy.Contact.ID.phoneTextField: "phone",
        FoundFlowCopy.Contact.ID.emailTextField: "email",
        FoundFlowCopy.Contact.ID.caregiverPhoneTextField: "caregiverPhone",
        MissingStepsCopy.Microchip.ID.textField: "microchip",
        MissingStepsCopy.Contact.ID.phoneTextField: "phone",
        MissingStepsCopy.Contact.ID.emailTextField: "email",
    ]

    static func named(_ errors: [(field: String, message: String)]) -> [Problem] {
        errors.map { (fieldNames[$0.field] ?? $0.field, $0.message) }
    }

    // MARK: Shared fields

    static func attachPhoto(_ answers: ReportAnswers, to step: inout PhotoStep) -> [Problem] {
        guard let path = answers["photo"] else { return [] }
        do {
            let file = try PhotoFile.read(path, relativeTo: answers.directory)
            do {
                try step.attach(filename: file.filename, bytes: file.bytes)
            } catch {
                return [("photo", error.description)]
            }
        } catch {
            return [("photo", error.description)]
        }
        return []
    }

    static func day(_ text: String, select: (CalendarDay) -> Bool, future: String) -> [Problem] {
        do {
            return select(try CalendarDay(parsing: text)) ? [] : [("date", future)]
        } catch {
            return [("date", error.description)]
        }
    }

    static func species(_ text: String) -> (SpeciesTaxonomyOption?, [Problem]) {
        if let option = SpeciesTaxonomy.option(id: text) { return (option, []) }
        let names = SpeciesTaxonomy.options.map(\.displayName).joined(separator: ", ")
        return (nil, [("species", "\"\(text)\" is not one of the species (\(names))")])
    }

    static func gender(_ text: String, field: String) -> (AnimalGender?, [Problem]) {
        switch text.lowercased() {
        case "female", "f": (.female, [])
        case "male", "m": (.male, [])
        default: (nil, [(field, "\"\(text)\" is not female or male")])
        }
    }

    static func locationProblems(_ fields: CoordinateFields) -> [Problem] {
        if let alert = fields.alert {
            return [("useCurrentLocation", "\(alert.title): \(blockedAdvice(alert))")]
        }
        if case .failed(let failure) = fields.requestStatus { return [("useCurrentLocation", failure.helperText)] }
        return []
    }

    /// What to do about a blocked location request on this computer: a denial is lifted with
    /// `petspot permission grant`; a restriction says what restricts it and how to lift it
    /// (a grant cannot).
    static func blockedAdvice(_ alert: LocationPermissionAlert) -> String {
        switch alert.block {
        case .denied:
            return "\(alert.message) On this computer: `petspot permission grant`."
        case .restricted:
            let cause =
                RestrictionPolicy.system.explanation()
                ?? "Location use is restricted by the scenario that answers location requests in this run."
            return cause + " Until then, give latitude and longitude instead."
        }
    }

    /// A problem when `text` is longer than the field's `limit`: a person typing stops at the
    /// limit and sees the counter, but a file's text must never be cut silently.
    static func tooLong(_ field: String, _ text: String, limit: Int) -> [Problem] {
        guard text.count > limit else { return [] }
        return [(field, "at most \(limit) characters; this one has \(text.count) (nothing was cut: shorten it)")]
    }

    /// Enters the collar data through the step, which refuses (with the field's message,
    /// ``MicrochipNumber/EntryError``) more than 15 digits or other characters than digits,
    /// spaces and hyphens — the same rule and message as on the terminal.
    static func collarProblems(_ text: String, into step: inout FoundPetDetailsStep) -> [Problem] {
        guard !step.setCollarData(text), let message = step.collarError else { return [] }
        return [("collar", message)]
    }

    /// The location action pressed by an answers file, and how it went. A failure (no fix,
    /// permission off, gpsd away) is a problem when the file gave no coordinates of its own;
    /// when it typed both, they are kept (a failed GPS request never loses what was typed,
    /// spec 000 FR-014) and the failure is a warning on standard error.
    static func pressLocation(_ answers: ReportAnswers, press: () async -> CoordinateFields) async -> [Problem] {
        guard ReportAnswers.isYes(answers["useCurrentLocation"]) else { return [] }
        let typed = answers["latitude"] != nil && answers["longitude"] != nil
        let after = await press()
        let problems = locationProblems(after)
        guard typed, let problem = problems.first else { return problems }
        Terminal.interface.line(
            "petspot: useCurrentLocation: \(problem.message) The latitude and longitude in the file were kept."
                .terminalSafe)
        return []
    }

    // MARK: Missing

    /// Fills the Missing flow from `answers` and presses Continue on every step (Submit report
    /// on the last).
    ///
    /// - Returns: every problem, in the order of the steps; empty when the flow is complete.
    static func missing(_ answers: ReportAnswers, flow: MissingPetReportFlow) async -> [Problem] {
        var problems = answers.unknownKeys(known: missingFields)
        if let microchip = answers["microchip"], !flow.microchipStep.setMicrochip(microchip),
            let message = flow.microchipStep.microchipError
        {
            problems.append(("microchip", message))
        }
        flow.continueTapped()  // the microchip is optional: Continue always advances
        problems += attachPhoto(answers, to: &flow.photoStep)
        if case .stay(let toast) = flow.continueTapped(), !problems.contains(where: { $0.field == "photo" }) {
            problems.append(("photo", toast.message))
        }
        if let date = answers["date"] {
            problems += day(
                date, select: { flow.descriptionStep.selectDate($0) }, future: AnimalDescriptionCopy.dateInFuture)
        }
        var badChoices: Set<String> = []
        if let text = answers["species"] {
            let (option, found) = species(text)
            if let option { flow.descriptionStep.selectSpecies(option) } else { badChoices.insert("species") }
            problems += found
        }
        if let race = answers["race"] { flow.descriptionStep.setRace(race) }
        if let text = answers["gender"] {
            let (value, found) = gender(text, field: "gender")
            if let value { flow.descriptionStep.selectGender(value) } else { badChoices.insert("gender") }
            problems += found
        }
        if let age = answers["age"] { flow.descriptionStep.setAge(age) }
        if let description = answers["description"] {
            problems += tooLong("description", description, limit: AnimalDescriptionCopy.descriptionLimit)
            flow.descriptionStep.setAdditionalDescription(description)
        }
        if let latitude = answers["latitude"] { flow.descriptionStep.coordinates.latitudeText = latitude }
        if let longitude = answers["longitude"] { flow.descriptionStep.coordinates.longitudeText = longitude }
        problems += await pressLocation(answers) {
            await flow.requestGPSPosition()
            return flow.descriptionStep.coordinates
        }
        if flow.step == .animalDescription {
            flow.continueTapped()
        } else {
            var scratch = ReportMissingPetFlowState()
            _ = flow.descriptionStep.continueTapped(writingTo: &scratch)
        }
        problems += named(flow.descriptionStep.inlineErrors).filter { !badChoices.contains($0.field) }
        if let phone = answers["phone"] { flow.contactStep.setPhone(phone) }
        if let email = answers["email"] { flow.contactStep.setEmail(email) }
        if flow.step == .contactDetails {
            flow.continueTapped()
        } else {
            var scratch = ReportMissingPetFlowState()
            _ = flow.contactStep.validate(writingTo: &scratch)
        }
        problems += named(flow.contactStep.inlineErrors)
        return problems
    }

    // MARK: Found

    /// Fills the Found flow from `answers`, presses Continue on the first two steps and, when
    /// everything is valid, Submit report (which writes the payload).
    ///
    /// - Returns: every problem; empty when the report was submitted.
    static func found(_ answers: ReportAnswers, flow: FoundPetReportFlow, writer: PayloadWriter) async -> [Problem] {
        var problems = answers.unknownKeys(known: foundFields)
        problems += attachPhoto(answers, to: &flow.photoStep)
        if case .stay(let toast) = flow.continueTapped(), !problems.contains(where: { $0.field == "photo" }) {
            problems.append(("photo", toast.message))
        }
        if let date = answers["date"] {
            problems += day(
                date, select: { flow.petDetailsStep.selectDate($0) }, future: FoundFlowCopy.PetDetails.dateInFuture)
        }
        var badChoices: Set<String> = []
        if let text = answers["species"] {
            let (option, found) = species(text)
            if let option { flow.petDetailsStep.selectSpecies(option) } else { badChoices.insert("species") }
            problems += found
        }
        if let breed = answers["breed"] { flow.petDetailsStep.setBreed(breed) }
        if let text = answers["sex"] {
            let (value, found) = gender(text, field: "sex")
            if let value { flow.petDetailsStep.selectSex(value) } else { badChoices.insert("sex") }
            problems += found
        }
        if let collar = answers["collar"] { problems += collarProblems(collar, into: &flow.petDetailsStep) }
        if let description = answers["description"] {
            problems += tooLong("description", description, limit: FoundFlowCopy.PetDetails.descriptionLimit)
            flow.petDetailsStep.setAdditionalDescription(description)
        }
        if let latitude = answers["latitude"] { flow.petDetailsStep.coordinates.latitudeText = latitude }
        if let longitude = answers["longitude"] { flow.petDetailsStep.coordinates.longitudeText = longitude }
        problems += await pressLocation(answers) {
            await flow.useCurrentLocation()
            return flow.petDetailsStep.coordinates
        }
        if flow.step == .petDetails {
            flow.continueTapped()
        } else {
            var scratch = ReportFoundPetFlowState()
            _ = flow.petDetailsStep.continueTapped(writingTo: &scratch)
        }
        problems += named(flow.petDetailsStep.inlineErrors).filter { !badChoices.contains($0.field) }

        if let phone = answers["phone"] { flow.contactStep.setPhone(phone) }
        if let email = answers["email"] { flow.contactStep.setEmail(email) }
        if let caregiver = answers["caregiverPhone"] { flow.contactStep.setCaregiverPhone(caregiver) }
        if let address = answers["address"] {
            problems += tooLong("address", address, limit: FoundFlowCopy.Contact.addressLimit)
            flow.contactStep.setAddress(address)
        }
        var scratch = ReportFoundPetFlowState()
        _ = flow.contactStep.validate(writingTo: &scratch)
        problems += named(flow.contactStep.inlineErrors)
        guard problems.isEmpty, flow.step == .contactInfo else { return problems }
        if case .stay(let toast) = await flow.submitTapped() {
            problems.append(("output", writer.failure ?? toast.message))
        }
        return problems
    }
}
