import Geodata
import ReportSteps
import ReportStore
import Testing

/// The owner chooses the search radius on *Animal description* (issue 46): a list of radii, 10 km
/// until another is chosen, and a clear message for a value not in the list.
@Suite("Missing flow: the search radius")
struct SearchRadiusChoiceTests {
    private func validStep() -> AnimalDescriptionStep {
        var step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        step.selectSpecies(Fixtures.dog)
        step.setBreed("Beagle")
        step.selectGender(.female)
        return step
    }

    @Test func theRadiusIsTenKilometresUntilTheOwnerChoosesAnother() throws {
        var state = ReportMissingPetFlowState()
        var step = validStep()
        #expect(step.radius == .standard)
        #expect(step.text(of: .locationRadius) == "10")
        #expect(step.radiusField.text == "±10 km")
        #expect(step.continueTapped(writingTo: &state) == .advance)
        #expect(state.locationRadius == (try SearchRadius(kilometers: 10)), "untouched: today's 10 km")
    }

    @Test func theChosenRadiusIsWrittenToTheStateAndShownAgainFromIt() throws {
        var state = ReportMissingPetFlowState()
        var step = validStep()
        try step.enter("15", in: .locationRadius, as: .whole)
        #expect(step.continueTapped(writingTo: &state) == .advance)
        #expect(state.locationRadius?.meters == 15_000)
        let again = AnimalDescriptionStep(state: state, today: Fixtures.fixedToday)
        #expect(again.text(of: .locationRadius) == "15")
        #expect(again.radiusChoices.filter(\.isSelected).map(\.title) == ["±15 km"])
    }

    @Test func theChoicesGoFromOneToFiftyKilometresEachWithItsIdentifier() {
        let step = AnimalDescriptionStep(state: ReportMissingPetFlowState(), today: Fixtures.fixedToday)
        #expect(AnimalDescriptionStep.fields.contains(.locationRadius))
        #expect(ReportField.locationRadius.fieldKind == .searchRadius)
        #expect(
            step.choices(of: .locationRadius).map(\.title) == [
                "±1 km", "±2 km", "±5 km", "±10 km", "±15 km", "±25 km", "±50 km",
            ])
        #expect(step.radiusChoices.filter(\.isSelected).map(\.title) == ["±10 km"])
        #expect(step.model(of: .locationRadius).accessibilityIdentifier == "animalDescription.radiusDropdown.tap")
        #expect(step.radiusChoices.last?.accessibilityIdentifier == "animalDescription.radiusDropdown.tap.fifty")
        #expect(step.model(of: .locationRadius).label == AnimalDescriptionCopy.radiusLabel)
        #expect(step.model(of: .locationRadius).helperText == AnimalDescriptionCopy.radiusHint)
    }

    @Test(arguments: [
        ("1", 1), ("15", 15), (" 15 ", 15), ("15 km", 15), ("15km", 15), ("±15 KM", 15), ("25.0", 25), ("50", 50),
    ])
    func aListedRadiusIsReadInTheWaysPeopleWriteIt(text: String, kilometers: Int) throws {
        #expect(try SearchRadiusChoice(fieldText: text).kilometers == kilometers)
    }

    @Test(arguments: ["7", "0", "100", "ten", "", "0x10", "nan", "-15", "15 miles", "1e1"])
    func anUnlistedOrGarbledRadiusIsRefusedWithTheList(text: String) {
        var step = validStep()
        try? step.enter("25", in: .locationRadius, as: .whole)
        #expect(throws: FieldTextError("\"\(text)\" is not one of the search radii (1, 2, 5, 10, 15, 25 or 50 km)")) {
            try step.enter(text, in: .locationRadius, as: .whole)
        }
        #expect(step.radius.kilometers == 25, "a refused value changes nothing")
    }

    @Test func anEmptiedDropdownIsTheDefault() throws {
        var step = validStep()
        try step.enter("5", in: .locationRadius, as: .keystrokes)
        try step.enter("", in: .locationRadius, as: .keystrokes)
        #expect(step.radius == .standard)
    }

    @Test func aDraftKeepsAChosenRadiusButNotTheDefault() throws {
        var machine = MissingReportMachine(today: Fixtures.fixedToday)
        #expect(machine.draft.fields[ReportField.locationRadius.rawValue] == nil)
        try machine.descriptionStep.enter("25", in: .locationRadius, as: .keystrokes)
        let draft = machine.draft
        #expect(draft.fields[ReportField.locationRadius.rawValue] == "25")
        var resumed = MissingReportMachine(today: Fixtures.fixedToday)
        resumed.restore(draft, photoBytes: nil)
        #expect(resumed.descriptionStep.radius.kilometers == 25)
    }
}
