import Geodata
import Location
import Locking
import Observation
import ReportSteps
import Testing

@Suite(
    "Missing flow: navigation keeps data, cancel clears (spec 000 FR-002, FR-013; spec 001 US1)",
    .timeLimit(.minutes(1)))
@MainActor
struct MissingPetReportFlowTests {
    /// A flow on *Animal photo* (the optional microchip step passed with nothing).
    private func flow() -> MissingPetReportFlow {
        let rig = ServiceRig(.authorizedWhenInUse, events: [.connected, .fix(ServiceRig.warsawFix())])
        let flow = MissingPetReportFlow(locationRequester: rig.requester, today: Fixtures.fixedToday)
        flow.continueTapped()
        return flow
    }

    @Test func startsAtTheMicrochipStepWhichIsOptional() {
        let rig = ServiceRig(.authorizedWhenInUse, events: [])
        let flow = MissingPetReportFlow(locationRequester: rig.requester, today: Fixtures.fixedToday)
        #expect(flow.step == .microchip)
        #expect(flow.step.progress == "1/4")
        #expect(!flow.back(), "the first step has no previous one")
        flow.microchipStep.setMicrochip("123456789012345")
        #expect(flow.continueTapped() == .advance)
        #expect(flow.step == .animalPhoto)
        #expect(flow.state.microchipNumber?.digits == "123456789012345")
        #expect(flow.back())
        #expect(flow.microchipStep.microchipField.text == "12345-67890-12345", "Back keeps the number")
    }

    @Test func aCompleteReportNeedsAContactOnStep4() async throws {
        let flow = flow()
        try flow.photoStep.attach(filename: "luna.png", bytes: Fixtures.pngBytes)
        flow.continueTapped()
        flow.descriptionStep.selectSpecies(Fixtures.dog)
        flow.descriptionStep.setBreed("Beagle")
        flow.descriptionStep.selectGender(.female)
        #expect(flow.continueTapped() == .advance)
        #expect(flow.step == .contactDetails)
        #expect(flow.step.progress == "4/4")
        #expect(flow.continueTapped() == .stay(.correctHighlightedFields))
        #expect(!flow.isComplete)
        flow.contactStep.setPhone("600 700 800")
        #expect(flow.continueTapped() == .advance)
        #expect(flow.isComplete)
        #expect(flow.state.phone == "600700800")
        #expect(flow.state.breed == "Beagle")
        flow.cancel()
        #expect(!flow.isComplete)
        #expect(flow.step == .microchip)
        #expect(flow.contactStep.phoneText.isEmpty)
    }

    @Test func progressIs2Of4Then3Of4() throws {
        let flow = flow()
        #expect(flow.step.progress == "2/4")
        try flow.photoStep.attach(filename: "luna.webp", bytes: Fixtures.webpBytes)
        flow.continueTapped()
        #expect(flow.step.progress == "3/4")
    }

    @Test func continueWithoutPhotoStaysOnStep2WithTheToast() {
        let flow = flow()
        #expect(flow.continueTapped() == .stay(Toast("Photo is mandatory")))
        #expect(flow.step == .animalPhoto)
        #expect(flow.state.photo == nil)
    }

    @Test func backAndForwardKeepsThePhotoAndUnfinishedDescription() async throws {
        let flow = flow()
        try flow.photoStep.attach(filename: "luna.png", bytes: Fixtures.pngBytes)
        flow.continueTapped()
        flow.descriptionStep.selectSpecies(Fixtures.cat)
        flow.descriptionStep.setBreed("Maine Coon")
        flow.descriptionStep.setAge("4.5")
        await flow.requestGPSPosition()
        #expect(flow.back())
        #expect(flow.step == .animalPhoto)
        #expect(flow.photoStep.photo?.filename == "luna.png", "the confirmation card reappears")
        #expect(flow.continueTapped() == .advance)
        #expect(flow.descriptionStep.breedText == "Maine Coon")
        #expect(flow.descriptionStep.ageText == "4.5", "even invalid text survives navigation")
        #expect(flow.descriptionStep.coordinates.latitudeText == "52.22968")
        #expect(flow.continueTapped().toast == .correctHighlightedFields)
        #expect(flow.descriptionStep.ageError == "Age must be a whole number from 0 to 40")
    }

    @Test func cancelClearsEverything() async throws {
        let flow = flow()
        try flow.photoStep.attach(filename: "luna.png", bytes: Fixtures.pngBytes)
        flow.continueTapped()
        flow.descriptionStep.selectSpecies(Fixtures.dog)
        await flow.requestGPSPosition()
        flow.cancel()
        #expect(flow.state == ReportMissingPetFlowState())
        #expect(flow.step == .microchip)
        #expect(flow.photoStep.photo == nil)
        #expect(flow.descriptionStep.species == nil)
        #expect(flow.descriptionStep.coordinates.latitudeText.isEmpty)
        #expect(flow.descriptionStep.date == Fixtures.today)
    }
}

@Suite("Flows are observable (Observation on Linux)")
@MainActor
struct FlowObservationTests {
    @Test func continuingNotifiesObserversOfTheStep() throws {
        let rig = ServiceRig(.authorizedWhenInUse, events: [])
        let flow = MissingPetReportFlow(locationRequester: rig.requester, today: Fixtures.fixedToday)
        let changed = ChangeFlag()
        withObservationTracking {
            _ = flow.step
        } onChange: {
            changed.set()
        }
        #expect(!changed.isSet)
        flow.continueTapped()
        #expect(changed.isSet)
    }
}

/// A flag an `onChange` closure (which must be `Sendable`) can set.
final class ChangeFlag: Sendable {
    private let flag = Locked(false)
    func set() { flag.withLock { $0 = true } }
    var isSet: Bool { flag.withLock { $0 } }
}

@Suite("Missing flow: a draft keeps all four steps", .timeLimit(.minutes(1)))
@MainActor
struct MissingDraftTests {
    @Test func aDraftOnContactDetailsRestoresEveryStepAndTheStep() throws {
        let rig = ServiceRig(.authorizedWhenInUse, events: [])
        let flow = MissingPetReportFlow(locationRequester: rig.requester, today: Fixtures.fixedToday)
        flow.microchipStep.setMicrochip("123456789012345")
        flow.continueTapped()
        try flow.photoStep.attach(filename: "luna.png", bytes: Fixtures.pngBytes)
        flow.continueTapped()
        flow.descriptionStep.selectSpecies(Fixtures.dog)
        flow.descriptionStep.setBreed("Beagle")
        flow.descriptionStep.selectGender(.female)
        flow.continueTapped()
        flow.contactStep.setPhone("600 700")  // not valid yet: kept as typed
        let draft = flow.draft
        #expect(draft.step == 4)
        #expect(draft.fields["microchipNumber"] == "12345-67890-12345", "the input's text, by the field's name")
        #expect(draft.fields["phone"] == "600 700")

        let resumed = MissingPetReportFlow(locationRequester: rig.requester, today: Fixtures.fixedToday)
        resumed.restore(draft, photoBytes: Fixtures.pngBytes)
        #expect(resumed.step == .contactDetails)
        #expect(resumed.microchipStep.microchipField.text == "12345-67890-12345")
        #expect(resumed.state.microchipNumber?.digits == "123456789012345")
        #expect(resumed.descriptionStep.breedText == "Beagle")
        #expect(resumed.contactStep.phoneText == "600 700")
        #expect(resumed.contactStep.phoneError == nil, "nothing is validated on restore")
    }

    @Test func aDraftWithoutAPhotoStopsAtThePhotoStep() {
        let rig = ServiceRig(.authorizedWhenInUse, events: [])
        let resumed = MissingPetReportFlow(locationRequester: rig.requester, today: Fixtures.fixedToday)
        resumed.restore(ReportDraft(flow: .missing, step: 4, fields: ["email": "owner@example.com"]), photoBytes: nil)
        #expect(resumed.step == .animalPhoto, "the steps before it must still pass Continue")
        #expect(resumed.contactStep.emailText == "owner@example.com")
    }
}
