import Geodata
import ReportSteps
import ReportStore
import Testing

@Suite("Found flow: Pet details (spec 004 FR-007–FR-009, FR-017)")
struct FoundPetDetailsStepTests {
    @Test func copyMatchesFR017() {
        let intro = FoundReportMachine.Step.petDetails.intro
        #expect(intro.screenTitle == "Pet details")
        #expect(intro.heading == "Pet details")
        #expect(FoundReportMachine.Step.petDetails.progress == "2/3")
        #expect(intro.body == "Tell us what you know about the animal you found.")
        let step = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: Fixtures.fixedToday)
        #expect(step.dateField.label == "Date found")
        #expect(step.dateField.placeholder == "DD/MM/YYYY")
        #expect(step.microchipField.label == "Collar data (optional)")
        #expect(step.microchipField.placeholder == "00000-00000-00000")
        #expect(step.descriptionField.label == "Additional description (optional)")
        #expect(step.descriptionField.placeholder == "Any details that could help identify the pet...")
        #expect(step.coordinates.copy.buttonTitle == "Use current location")
        #expect(FoundFlowCopy.PetDetails.continueTitle == "Continue")
    }

    @Test func foundLocationLatitudeAndLongitudeAreBothRequired() {
        var state = ReportFoundPetFlowState()
        var step = FoundPetDetailsStep(state: state, today: Fixtures.fixedToday)
        step.selectDate(Fixtures.today)
        step.selectSpecies(Fixtures.cat)
        step.selectGender(.male)
        let outcome = step.continueTapped(writingTo: &state)
        #expect(outcome.toast?.message == "Please correct the highlighted fields")
        #expect(step.coordinates.latitudeField.errorMessage == "Latitude is required")
        #expect(step.coordinates.longitudeField.errorMessage == "Longitude is required")
        step.coordinates.latitudeText = "52.2297"
        let again = step.continueTapped(writingTo: &state)
        #expect(!again.advances)
        #expect(step.coordinates.latitudeField.errorMessage == nil)
        #expect(step.coordinates.longitudeField.errorMessage == "Longitude is required")
        #expect(state.coordinate == nil)
    }

    @Test func missingRequiredFieldsEachGetAMessage() {
        var state = ReportFoundPetFlowState()
        var step = FoundPetDetailsStep(state: state, today: Fixtures.fixedToday)
        _ = step.continueTapped(writingTo: &state)
        #expect(
            step.inlineErrors.map(\.message) == [
                "Please select the date found", "Please select a species", "Please select the sex",
                "Latitude is required", "Longitude is required",
            ])
    }

    @Test func aDateFoundBefore1900IsRefusedWithItsOwnMessage() throws {
        var step = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: Fixtures.fixedToday)
        let before1900 = step.selectDate(try CalendarDay(year: 1899, month: 12, day: 31))
        #expect(!before1900)
        do throws(FieldTextError) {
            try step.enter("0203-12-31", in: .lastSeenDate, as: .whole)
            Issue.record("year 0203 was accepted")
        } catch {
            #expect(error == FieldTextError(FoundFlowCopy.PetDetails.dateTooEarly))
        }
        #expect(step.date == nil, "a refused day changes nothing")
        let first = step.selectDate(.earliestReportable)
        #expect(first)
        #expect(step.dateField.text == "01/01/1900")
    }

    @Test func futureDateFoundIsRefused() {
        var step = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: Fixtures.fixedToday)
        let refused = step.selectDate(Fixtures.today.adding(days: 1))
        #expect(!refused)
        #expect(step.date == nil)
        #expect(step.dateField.text == "")
        step.selectDate(Fixtures.today)
        #expect(step.dateField.text == "18/11/2025")
    }

    @Test(arguments: [
        ("", "", ""), ("1", "1", "1"), ("12345", "12345", "12345"), ("123456", "123456", "12345-6"),
        ("1234567890", "1234567890", "12345-67890"), ("12345-67 8", "12345678", "12345-678"),
        ("123456789012345", "123456789012345", "12345-67890-12345"),
    ])
    func collarDataTakesDigitsUpTo15AndShowsGroupsOfFive(typed: String, digits: String, shown: String) {
        var step = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: Fixtures.fixedToday)
        let taken1 = step.setMicrochip(typed)
        #expect(taken1)
        #expect(step.microchip.digits == digits)
        #expect(step.microchipField.text == shown)
        #expect(step.microchipError == nil)
    }

    /// A refused edit keeps the stored number and says why: never cut to 15 digits, never
    /// emptied by letters.
    @Test(arguments: [
        ("abc", "Digits only (spaces and hyphens are fine), not \u{201C}a\u{201D}; nothing was changed"),
        ("12a34", "Digits only (spaces and hyphens are fine), not \u{201C}a\u{201D}; nothing was changed"),
        ("٣٤٥", "Digits only (spaces and hyphens are fine), not \u{201C}٣\u{201D}; nothing was changed"),
        ("12345-67890-12345-999", "At most 15 digits; this one has 18 (nothing was cut)"),
    ])
    func aRefusedCollarEditKeepsTheOldNumberAndSaysWhy(typed: String, message: String) {
        var step = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: Fixtures.fixedToday)
        let taken2 = step.setMicrochip("123456789")
        #expect(taken2)
        let taken3 = step.setMicrochip(typed)
        #expect(!taken3)
        #expect(step.microchip.digits == "123456789")
        #expect(step.microchipField.text == "12345-6789")
        #expect(step.microchipField.errorMessage == message)
        let taken4 = step.setMicrochip("1")
        #expect(taken4)
        #expect(step.microchipError == nil)
    }

    /// A page's input filters keystrokes: a burst of typing keeps the digits accepted, up to 15,
    /// and says what was left out, where a whole entry (the terminal's line) is refused whole.
    @Test func aTypedCollarKeepsTheDigitsAnInputAccepts() {
        var step = FoundPetDetailsStep(state: ReportFoundPetFlowState(), today: Fixtures.fixedToday)
        step.typeMicrochip("12a34-5678901234567")
        #expect(step.microchip.digits == "123456789012345")
        #expect(step.microchipField.text == "12345-67890-12345")
        #expect(step.microchipError == "At most 15 digits; this one has 17: the first 15 were kept")
        step.typeMicrochip("12345-6b")
        #expect(step.microchipField.text == "12345-6")
        #expect(step.microchipError == "Digits only (spaces and hyphens are fine): \u{201C}b\u{201D} was left out")
        step.typeMicrochip("12345-6c")
        #expect(step.microchipField.text == "12345-6")
        #expect(
            step.microchipError
                == "Digits only (spaces and hyphens are fine), not \u{201C}c\u{201D}; nothing was changed")
        step.typeMicrochip("123456789012345")
        #expect(step.microchipError == nil)
        let refused = step.setMicrochip("12a34")
        #expect(!refused)
        #expect(step.microchip.digits == "123456789012345")
    }

    @Test func typingFilterAndWholeEntryShareOneRule() throws {
        #expect(MicrochipNumber(typing: "12a34-5b6 7").digits == "1234567")
        #expect(MicrochipNumber(typing: "1234567890123456789").digits == "123456789012345")
        #expect(try MicrochipNumber(validating: " 12345 67890 12345 ").formatted == "12345-67890-12345")
        #expect(throws: MicrochipNumber.EntryError.tooManyDigits(16)) {
            try MicrochipNumber(validating: "1234567890123456")
        }
        #expect(MicrochipNumber.cardText(digits: "123456789012345") == "12345-67890-12345")
        #expect(MicrochipNumber.cardText(digits: "123456789012") == "123-456-789-012")
    }

    @Test func validStepWritesDigitsOnlyMicrochipAndCoordinate() {
        var state = ReportFoundPetFlowState()
        var step = FoundPetDetailsStep(state: state, today: Fixtures.fixedToday)
        step.selectDate(Fixtures.today.adding(days: -1))
        step.selectSpecies(Fixtures.dog)
        step.selectGender(.female)
        step.setMicrochip("12345-6789")
        step.setBreed(" Husky ")
        step.coordinates.latitudeText = "52,2297"
        step.coordinates.longitudeText = "21.0122"
        #expect(step.continueTapped(writingTo: &state) == .advance)
        #expect(state.microchipNumber?.digits == "123456789")
        #expect(state.coordinate?.formatted == "52.22970, 21.01220")
        #expect(state.breed == "Husky")
        #expect(state.lastSeenDate?.numericText == "17/11/2025")
        let shortChip = FoundPetDetailsStep(state: state, today: Fixtures.fixedToday)
        #expect(shortChip.microchipField.text == "12345-6789", "fewer than 15 digits is fine and kept")
    }

    @Test func aStepWithoutCollarDataWritesNoMicrochip() {
        var state = ReportFoundPetFlowState()
        var step = FoundPetDetailsStep(state: state, today: Fixtures.fixedToday)
        step.selectDate(Fixtures.today.adding(days: -1))
        step.selectSpecies(Fixtures.dog)
        step.selectGender(.male)
        step.coordinates.latitudeText = "52.2297"
        step.coordinates.longitudeText = "21.0122"
        #expect(step.continueTapped(writingTo: &state) == .advance)
        #expect(state.microchipNumber == nil, "no collar data: none sent (not an empty number)")
    }
}
