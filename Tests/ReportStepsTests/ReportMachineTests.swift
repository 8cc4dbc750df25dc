import Geodata
import ReportSteps
import ReportStore
import Testing

/// The flows as value-type reducers: each action changes the value and returns what the
/// front end must do, with no I/O, no tasks and no clock.
@Suite("Missing flow as a reducer")
struct MissingReportMachineTests {
    static func filled() throws -> MissingReportMachine {
        var report = MissingReportMachine(today: Fixtures.fixedToday)
        report.send(.continueTapped)
        try report.photoStep.attach(filename: "luna.png", bytes: Fixtures.pngBytes)
        report.send(.continueTapped)
        report.descriptionStep.selectSpecies(Fixtures.dog)
        report.descriptionStep.setBreed("Beagle")
        report.descriptionStep.selectGender(.female)
        return report
    }

    @Test func stepsAdvanceAndTheLastCompletesTheReport() throws {
        var report = try Self.filled()
        #expect(report.step == .animalDescription)
        #expect(report.send(.continueTapped).isEmpty)
        #expect(report.step == .contactDetails)
        report.contactStep.setEmail("owner@example.com")
        #expect(report.send(.continueTapped) == [.complete])
        #expect(report.isComplete)
        #expect(report.state.breed == "Beagle" && report.state.email == "owner@example.com")
        #expect(report.state.photo?.filename == "luna.png")
    }

    @Test func aStepThatFailsStaysWithItsToast() {
        var report = MissingReportMachine(today: Fixtures.fixedToday)
        report.send(.continueTapped)
        #expect(report.send(.continueTapped) == [.stay(.photoMandatory)])
        #expect(report.step == .animalPhoto)
        #expect(report.send(.back).isEmpty)
        #expect(report.step == .microchip)
        #expect(report.send(.back) == [.leave], "back on the first step leaves the wizard")
    }

    @Test func theLocationRequestIsAnEffectAndItsOutcomeAnAction() throws {
        var report = try Self.filled()
        #expect(report.send(.requestLocation) == [.requestLocation(request: 0)])
        #expect(report.send(.requestLocation).isEmpty, "one request at a time")
        report.send(.locationFinished(.located(Fixtures.warsaw), request: 0))
        #expect(report.descriptionStep.coordinates.latitudeText == Fixtures.warsaw.latitude.formatted)
    }

    @Test func anOutcomeFromBeforeCancelIsIgnored() throws {
        var report = try Self.filled()
        let effects = report.send(.requestLocation)
        report.send(.cancel)
        for case .requestLocation(let request) in effects {
            report.send(.locationFinished(.located(Fixtures.warsaw), request: request))
        }
        #expect(report.descriptionStep.coordinates.latitudeText.isEmpty)
        #expect(report.step == .microchip && report.state == ReportMissingPetFlowState())
    }

    @Test func checkSetsTheMessagesWithoutMovingOrWriting() {
        var report = MissingReportMachine(today: Fixtures.fixedToday)
        #expect(report.check(.animalDescription) == .stay(.correctHighlightedFields))
        #expect(report.descriptionStep.speciesError == AnimalDescriptionCopy.speciesRequired)
        #expect(report.step == .microchip)
        #expect(report.state.lastSeenDate == nil)
    }

    @Test func checkFieldsChecksEveryStepWithFieldsAndWritesWhatPasses() {
        var report = MissingReportMachine(today: Fixtures.fixedToday)
        report.descriptionStep.selectSpecies(Fixtures.dog)
        report.descriptionStep.setBreed("Beagle")
        report.descriptionStep.selectGender(.male)
        let incomplete = report.checkFields()
        #expect(!incomplete, "no phone, no email")
        #expect(report.contactStep.phoneError == MissingStepsCopy.Contact.oneRequired)
        #expect(report.state.breed == "Beagle", "the steps that passed wrote their values")
        report.contactStep.setPhone("600 700 800")
        let complete = report.checkFields()
        #expect(complete)
        #expect(report.state.phone == "600700800")
        #expect(report.step == .microchip, "the step on screen does not change")
    }
}

@Suite("Found flow as a reducer")
struct FoundReportMachineTests {
    static func atContact() throws -> FoundReportMachine {
        var report = FoundReportMachine(today: Fixtures.fixedToday)
        try report.photoStep.attach(filename: "found.png", bytes: Fixtures.pngBytes)
        report.send(.continueTapped)
        report.petDetailsStep.selectDate(Fixtures.today)
        report.petDetailsStep.selectSpecies(Fixtures.cat)
        report.petDetailsStep.selectGender(.male)
        report.petDetailsStep.coordinates.latitudeText = "52.2297"
        report.petDetailsStep.coordinates.longitudeText = "21.0122"
        report.send(.continueTapped)
        report.contactStep.setPhone("+48 123 456 789")
        report.contactStep.setEmail("finder@example.com")
        return report
    }

    @Test func submitIsAnEffectCarryingThePayloadAndThePhoto() throws {
        var report = try Self.atContact()
        let effects = report.send(.submitTapped)
        guard case .submit(let payload, let photo, let request)? = effects.first else {
            Issue.record("no submit effect: \(effects)")
            return
        }
        #expect(payload.species == "CAT" && payload.gender == "MALE" && payload.phone == "+48123456789")
        #expect(photo.filename == "found.png")
        #expect(report.submission == .submitting)
        #expect(report.send(.submitTapped) == [.stay(Toast(FoundFlowCopy.submitting))])
        report.send(.sent(id: "r-1", request: request))
        #expect(report.submission == .submitted(id: "r-1"))
        #expect(report.send(.submitTapped).isEmpty, "sent already")
    }

    @Test func aFailedSendSaysWhyAndSubmitRetries() throws {
        var report = try Self.atContact()
        report.send(.submitTapped)
        #expect(report.send(.sendFailed(message: nil, request: 0)) == [.stay(Toast(FoundFlowCopy.submissionFailed))])
        #expect(report.submission == .failed(message: FoundFlowCopy.submissionFailed))
        #expect(
            report.send(.sendFailed(message: "The disk is full.", request: 0)) == [.stay(Toast("The disk is full."))])
        guard case .submit? = report.send(.submitTapped).first else {
            Issue.record("Submit does not retry")
            return
        }
    }

    @Test func aSendEndingAfterCancelChangesNothing() throws {
        var report = try Self.atContact()
        report.send(.submitTapped)
        report.send(.cancel)
        #expect(report.send(.sent(id: "r-1", request: 0)) == [.stay(Toast(FoundFlowCopy.submissionFailed))])
        #expect(report.submission == .idle && report.step == .uploadPhoto)
    }
}

@Suite("One text codec per value type")
struct FieldValueTests {
    @Test(arguments: [
        ("f", AnimalGender.female), ("F", .female), ("female", .female), ("FEMALE", .female),
        ("m", .male), ("Male", .male), ("MALE", .male),
    ])
    func everyFrontEndTakesTheSameGenders(text: String, gender: AnimalGender) throws {
        #expect(try AnimalGender(fieldText: text) == gender)
        #expect(gender.fieldText == gender.rawValue)
    }

    @Test func aValueAFieldDoesNotTakeHasOneMessage() {
        #expect(throws: FieldTextError("\"x\" is not female or male")) { try AnimalGender(fieldText: "x") }
        #expect(throws: FieldTextError("\"lizard\" is not one of the species (Dog, Cat, Bird, Rabbit, Other)")) {
            try SpeciesTaxonomyOption(fieldText: "lizard")
        }
        #expect(throws: FieldTextError(CalendarDayError.invalidDay.description)) {
            try CalendarDay(fieldText: "31/02/2025")
        }
        #expect(throws: FieldTextError(MicrochipNumber.EntryError.notDigits("a").description)) {
            try MicrochipNumber(fieldText: "12a")
        }
    }

    @Test func speciesAreWrittenAsTheBackendStoresThem() throws {
        for text in ["dog", "Dog", "DOG"] { #expect(try SpeciesTaxonomyOption(fieldText: text).fieldText == "DOG") }
        #expect(try CalendarDay(fieldText: "18/11/2025").fieldText == "2025-11-18")
        #expect(try MicrochipNumber(fieldText: "12345-67890 12345").fieldText == "123456789012345")
    }
}

@Suite("Fields by name")
struct FieldFormTests {
    /// `true` when `step` refuses `text` as a whole value in `field`.
    static func refuses(
        _ step: inout FoundPetDetailsStep, _ text: String, in field: ReportField
    ) -> Bool {
        do {
            try step.enter(text, in: field, as: .whole)
            return false
        } catch {
            return true
        }
    }

    @Test func aWholeValueIsRefusedWhereKeystrokesAreFiltered() {
        var step = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: Fixtures.fixedToday)
        #expect(Self.refuses(&step, "12a45", in: .microchipNumber))
        #expect(step.text(of: .microchipNumber).isEmpty, "refused whole: nothing was taken")
        try? step.enter("12a45", in: .microchipNumber, as: .keystrokes)
        #expect(step.text(of: .microchipNumber) == "1245", "a page's input keeps the digits")
        let long = String(repeating: "a", count: 501)
        #expect(Self.refuses(&step, long, in: .description))
        try? step.enter(long, in: .description, as: .keystrokes)
        #expect(step.text(of: .description).count == 500)
    }

    @Test func fillListsRefusalsAndTheStepsMessagesForTheOtherFields() {
        var step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        let texts = ["species": "lizard", "approximateAge": "41", "gender": "f"]
        let refused = step.fill { texts[$0.rawValue] }
        #expect(refused.map(\.field) == [.species])
        var state = ReportMissingPetFlowState()
        _ = step.continueTapped(writingTo: &state)
        #expect(
            step.problems(besides: refused) == [
                FieldProblem(field: "approximateAge", message: AnimalDescriptionCopy.ageInvalid)
            ], "no \"Please select a species\" after the species' own message")
        #expect(step.text(of: .gender) == "FEMALE")
    }

    @Test func aDraftKeepsEveryFieldByNameAndRestoresIt() throws {
        var report = try MissingReportMachineTests.filled()
        report.descriptionStep.coordinates.latitudeText = "95"
        let draft = report.draft
        #expect(draft.fields["breed"] == "Beagle" && draft.fields["species"] == "DOG")
        #expect(draft.fields["locationLatitude"] == "95", "kept as typed, valid or not")
        var resumed = MissingReportMachine(today: Fixtures.fixedToday)
        resumed.restore(draft, photoBytes: Fixtures.pngBytes)
        #expect(resumed.step == .animalDescription)
        #expect(resumed.descriptionStep.breedText == "Beagle")
        #expect(resumed.descriptionStep.coordinates.latitudeText == "95")
    }
}
