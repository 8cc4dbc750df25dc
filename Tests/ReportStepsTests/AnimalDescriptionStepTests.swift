import Geodata
import ReportSteps
import ReportStore
import Testing

@Suite("Missing flow: Animal description (spec 000)")
struct AnimalDescriptionStepTests {
    private func validStep() -> AnimalDescriptionStep {
        var step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        step.selectSpecies(Fixtures.dog)
        step.setBreed("Beagle")
        step.selectGender(.female)
        return step
    }

    @Test func copyAndAccessibilityIdentifiersMatchTheSpec() {
        #expect(MissingReportMachine.Step.animalDescription.screenTitle == "Animal description")
        #expect(MissingReportMachine.Step.animalDescription.progress == "3/4")
        #expect(AnimalDescriptionCopy.dateLabel == "Date of disappearance")
        #expect(AnimalDescriptionCopy.speciesPlaceholder == "Select an option")
        #expect(AnimalDescriptionCopy.ageLabel == "Animal age (optional)")
        #expect(AnimalDescriptionCopy.descriptionLabel == "Animal additional description (optional)")
        #expect(AnimalDescriptionCopy.continueTitle == "Continue")
        let step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        #expect(step.coordinates.latitudeField.accessibilityIdentifier == "animalDescription.latitudeTextField.input")
        #expect(step.coordinates.longitudeField.accessibilityIdentifier == "animalDescription.longitudeTextField.input")
        #expect(step.coordinates.copy.buttonAccessibilityIdentifier == "animalDescription.requestGPSButton.tap")
        #expect(step.coordinates.copy.buttonTitle == "Request GPS position")
        #expect(AnimalDescriptionCopy.ID.speciesDropdown == "animalDescription.speciesDropdown.tap")
        #expect(AnimalDescriptionCopy.ID.datePicker == "animalDescription.datePicker.tap")
        #expect(step.genderChoices.map(\.title) == ["Female", "Male"])
        #expect(step.genderChoices.map(\.accessibilityIdentifier).allSatisfy { $0.hasPrefix("animalDescription.") })
    }

    @Test func dateDefaultsToTodayAndFutureDaysAreRefused() throws {
        var step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        #expect(step.date == Fixtures.today)
        #expect(step.dateText == "Nov 18, 2025")
        let accepted = step.selectDate(Fixtures.today.adding(days: 1))
        #expect(!accepted)
        #expect(step.date == Fixtures.today)
        let acceptedAgain = step.selectDate(Fixtures.today.adding(days: -30))
        #expect(acceptedAgain)
        #expect(step.dateText == "Oct 19, 2025")
        let acceptedThird = step.selectDate(Fixtures.today)
        #expect(acceptedThird)
    }

    @Test func aDateBefore1900IsRefusedWithItsOwnMessage() throws {
        var step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        #expect(CalendarDay.earliestReportable.isoText == "1900-01-01")
        let before1900 = step.selectDate(try CalendarDay(year: 1899, month: 12, day: 31))
        #expect(!before1900)
        #expect(step.date == Fixtures.today, "a refused day changes nothing")
        do throws(FieldTextError) {
            try step.enter("0203-12-31", in: .lastSeenDate, as: .whole)
            Issue.record("year 0203 was accepted")
        } catch {
            #expect(error == FieldTextError(AnimalDescriptionCopy.dateTooEarly))
        }
        #expect(step.date == Fixtures.today)
        let first = step.selectDate(.earliestReportable)
        #expect(first)
        #expect(step.date == .earliestReportable)
    }

    @Test func speciesListIsTheBundledCuratedList() {
        let step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        #expect(step.speciesChoices.map(\.title) == ["Dog", "Cat", "Bird", "Rabbit", "Other"])
        #expect(step.speciesText == "Select an option")
    }

    @Test func raceIsDisabledUntilASpeciesIsChosenAndClearedWhenItChanges() {
        var step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        #expect(step.breedField.isDisabled)
        step.setBreed("Beagle")
        #expect(step.breedText == "")
        step.selectSpecies(Fixtures.dog)
        #expect(!step.breedField.isDisabled)
        step.setBreed("Beagle")
        step.selectSpecies(Fixtures.dog)
        #expect(step.breedText == "Beagle", "choosing the same species keeps the race")
        step.selectSpecies(Fixtures.cat)
        #expect(step.breedText == "")
    }

    @Test func continueWithNothingShowsToastAndOneMessagePerRequiredField() {
        var state = ReportMissingPetFlowState()
        var step = AnimalDescriptionStep(state: state, today: Fixtures.fixedToday)
        let outcome = step.continueTapped(writingTo: &state)
        #expect(outcome == .stay(Toast("Please correct the highlighted fields")))
        #expect(outcome.toast?.message == "Please correct the highlighted fields")
        #expect(outcome.toast?.duration == .seconds(3))
        #expect(step.speciesError == "Please select a species")
        #expect(step.genderError == "Please select a gender")
        #expect(step.breedError == nil, "race is disabled until a species is chosen")
        #expect(
            step.inlineErrors.map(\.field) == [
                "animalDescription.speciesDropdown.tap", "animalDescription.genderFemale.tap",
            ])
        #expect(state == ReportMissingPetFlowState(), "nothing is written when invalid")
    }

    @Test func raceIsRequiredOnceASpeciesIsChosen() {
        var state = ReportMissingPetFlowState()
        var step = validStep()
        step.setBreed("   ")
        let outcome = step.continueTapped(writingTo: &state)
        #expect(outcome == .stay(.correctHighlightedFields))
        #expect(step.breedError == "Please enter the race")
        #expect(step.breedField.errorMessage == "Please enter the race")
    }

    @Test(arguments: [
        ("", true), ("0", true), ("40", true), (" 7 ", true),
        ("41", false), ("-1", false), ("2.5", false), ("two", false), ("1e1", false),
    ])
    func ageIsOptionalWholeYearsFrom0To40(text: String, valid: Bool) {
        var state = ReportMissingPetFlowState()
        var step = validStep()
        step.setAge(text)
        let outcome = step.continueTapped(writingTo: &state)
        #expect(outcome.advances == valid)
        #expect(step.ageError == (valid ? nil : "Age must be a whole number from 0 to 40"))
    }

    @Test func descriptionIsCappedAt500CharactersWithACounter() {
        var step = validStep()
        #expect(step.descriptionField.helperText == "0/500")
        let truncated = step.setAdditionalDescription(String(repeating: "a", count: 123))
        #expect(!truncated)
        #expect(step.descriptionField.helperText == "123/500")
        let truncatedAgain = step.setAdditionalDescription(String(repeating: "🐶", count: 600))
        #expect(truncatedAgain, "pasted text is truncated")
        #expect(step.additionalDescription.value.count == 500)
        #expect(step.descriptionField.helperText == "500/500")
        #expect(step.additionalDescription.isAtLimit)
    }

    @Test func invalidCoordinatesGetGeodataMessagesUnderEachField() {
        var state = ReportMissingPetFlowState()
        var step = validStep()
        step.coordinates.latitudeText = "95"
        step.coordinates.longitudeText = "21,0122"
        let outcome = step.continueTapped(writingTo: &state)
        #expect(outcome == .stay(.correctHighlightedFields))
        #expect(step.coordinates.latitudeField.errorMessage == "Must be between -90 and 90")
        #expect(step.coordinates.longitudeField.errorMessage == nil)
        step.coordinates.latitudeText = "52.2297"
        step.coordinates.longitudeText = ""
        let outcomeAgain = step.continueTapped(writingTo: &state)
        #expect(!outcomeAgain.advances)
        #expect(step.coordinates.longitudeField.errorMessage == "Enter a longitude too, or clear the latitude")
    }

    @Test func emptyCoordinatesAreValidInTheMissingFlow() {
        var state = ReportMissingPetFlowState()
        var step = validStep()
        let outcome = step.continueTapped(writingTo: &state)
        #expect(outcome == .advance)
        #expect(state.latitude == nil && state.longitude == nil)
    }

    @Test func validContinueWritesEveryValueToTheFlowState() throws {
        var state = ReportMissingPetFlowState()
        var step = validStep()
        step.selectDate(Fixtures.today.adding(days: -2))
        step.setAge("3")
        step.setAdditionalDescription("  Brown collar  ")
        step.coordinates.latitudeText = "52,2297"
        step.coordinates.longitudeText = "21.0122"
        let outcome = step.continueTapped(writingTo: &state)
        #expect(outcome == .advance)
        #expect(step.inlineErrors.isEmpty)
        #expect(state.lastSeenDate?.isoText == "2025-11-16")
        #expect(state.species?.id == "dog")
        #expect(state.breed == "Beagle")
        #expect(state.gender == .female)
        #expect(state.approximateAge == 3)
        #expect(state.description == "Brown collar")
        #expect(state.latitude?.formatted == "52.22970")
        #expect(state.longitude?.formatted == "21.01220")
        // A step re-created from the state shows the same values.
        let again = AnimalDescriptionStep(state: state, today: Fixtures.fixedToday)
        #expect(again.breedText == "Beagle")
        #expect(again.coordinates.latitudeText == "52.22970")
        #expect(again.ageText == "3")
    }

    /// Validation stays on submit, but a field that shows a message is checked again when it
    /// changes: the corrected value loses it at once; a still-wrong one shows the fitting one.
    @Test func aCorrectedFieldLosesItsMessageWithoutWaitingForContinue() {
        var state = ReportMissingPetFlowState()
        var step = AnimalDescriptionStep(state: state, today: Fixtures.fixedToday)
        step.setAge("abc")
        #expect(step.speciesError == nil, "no message before Continue")
        _ = step.continueTapped(writingTo: &state)
        #expect(step.speciesError == "Please select a species")
        #expect(step.genderError == "Please select a gender")
        #expect(step.ageError == "Age must be a whole number from 0 to 40")
        step.selectSpecies(Fixtures.dog)
        #expect(step.speciesError == nil)
        #expect(step.breedError == nil, "the race had no message; it gets none before Continue")
        step.selectGender(.male)
        #expect(step.genderError == nil)
        step.setAge("41")
        #expect(step.ageError == "Age must be a whole number from 0 to 40")
        step.setAge("4")
        #expect(step.ageError == nil)
        _ = step.continueTapped(writingTo: &state)
        #expect(step.breedError == "Please enter the race")
        step.setBreed("Beagle")
        #expect(step.breedField.errorMessage == nil)
        step.coordinates.latitudeText = "95"
        _ = step.continueTapped(writingTo: &state)
        #expect(step.coordinates.latitudeField.errorMessage == "Must be between -90 and 90")
        #expect(step.coordinates.longitudeField.errorMessage == "Enter a longitude too, or clear the latitude")
        step.coordinates.latitudeText = ""
        #expect(step.coordinates.latitudeField.errorMessage == nil)
        #expect(step.coordinates.longitudeField.errorMessage == nil)
    }

    /// FR-006 clears the race when the species changes; the step says so under the field.
    @Test func aSpeciesChangeClearsTheRaceAndSaysSo() {
        var step = validStep()
        #expect(step.breedField.helperText == nil)
        let taken1 = step.selectSpecies(Fixtures.cat)
        #expect(taken1)
        #expect(step.breedText == "")
        #expect(step.breedField.helperText == "Cleared because the species changed (it was \u{201C}Beagle\u{201D}).")
        let taken2 = step.selectSpecies(Fixtures.cat)
        #expect(!taken2, "the same species clears nothing")
        step.setBreed("Tabby")
        #expect(step.breedField.helperText == nil)
        var empty = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        empty.selectSpecies(Fixtures.dog)
        let taken3 = empty.selectSpecies(Fixtures.cat)
        #expect(!taken3, "no race typed: nothing to say")
        #expect(empty.breedField.helperText == nil)
    }
}
