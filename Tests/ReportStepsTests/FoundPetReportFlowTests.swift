import Foundation
import Geodata
import Location
import ReportSteps
import Testing

@Suite("Found flow: three steps, Use current location, submit (spec 004)", .timeLimit(.minutes(1)))
@MainActor
struct FoundPetReportFlowTests {
    private func flow(_ rig: ServiceRig, submitter: RecordingSubmitter = RecordingSubmitter()) -> FoundPetReportFlow {
        FoundPetReportFlow(locationRequester: rig.requester, submitter: submitter, today: Fixtures.fixedToday)
    }

    private static let gpsRig = {
        ServiceRig(.authorizedWhenInUse, events: [.connected, .fix(ServiceRig.warsawFix())])
    }

    /// Fills steps 1 and 2 (location through Use current location) and step 3's contact fields.
    private func fillEverything(_ flow: FoundPetReportFlow) async throws {
        try flow.photoStep.attach(filename: "found.jpg", bytes: Fixtures.jpegBytes)
        #expect(flow.continueTapped() == .advance)
        flow.petDetailsStep.selectDate(Fixtures.today)
        flow.petDetailsStep.selectSpecies(Fixtures.dog)
        flow.petDetailsStep.selectGender(.male)
        flow.petDetailsStep.setMicrochip("123456789012345")
        await flow.useCurrentLocation()
        #expect(flow.continueTapped() == .advance)
        flow.contactStep.setPhone("+48 123 456 789")
        flow.contactStep.setEmail("finder@example.com")
        flow.contactStep.setCaregiverPhone("+48 987 654 321")
        flow.contactStep.setAddress("ul. Prosta 2\nWarszawa")
    }

    @Test func exactlyThreeStepsWithTheirTitlesAndProgress() {
        #expect(FoundPetReportFlow.Step.allCases.map(\.progress) == ["1/3", "2/3", "3/3"])
        #expect(FoundPetReportFlow.Step.allCases.map(\.screenTitle) == ["Upload photo", "Pet details", "Contact info"])
    }

    @Test func useCurrentLocationFillsTheRequiredFoundLocation() async {
        let flow = flow(Self.gpsRig())
        await flow.useCurrentLocation()
        #expect(flow.petDetailsStep.coordinates.latitudeText == "52.22968")
        #expect(flow.petDetailsStep.coordinates.longitudeText == "21.01223")
        #expect(flow.petDetailsStep.coordinates.helperText == "Location captured successfully")
    }

    @Test func useCurrentLocationWhenDeniedShowsTheAlert() async {
        let flow = flow(ServiceRig(.denied, events: []))
        await flow.useCurrentLocation()
        #expect(flow.petDetailsStep.coordinates.alert?.settingsTitle == "Go to Settings")
    }

    @Test func photoIsRequiredBeforePetDetails() {
        let flow = flow(Self.gpsRig())
        #expect(flow.continueTapped() == .stay(Toast("Photo is mandatory")))
        #expect(flow.step == .uploadPhoto)
    }

    @Test func backAndForthKeepsEveryValueEvenInvalidOnes() async throws {
        let flow = flow(Self.gpsRig())
        try await fillEverything(flow)
        flow.contactStep.setEmail("not-yet-valid")
        #expect(flow.back())
        #expect(flow.step == .petDetails)
        #expect(flow.back())
        #expect(!flow.back())
        #expect(flow.step == .uploadPhoto)
        #expect(flow.continueTapped() == .advance)
        #expect(flow.petDetailsStep.microchipField.text == "12345-67890-12345")
        #expect(flow.continueTapped() == .advance)
        #expect(flow.contactStep.emailText == "not-yet-valid")
        #expect(flow.contactStep.address.value == "ul. Prosta 2\nWarszawa")
    }

    @Test func submitSendsThePayloadWithTheCaregiverPhoneAndAddress() async throws {
        let submitter = RecordingSubmitter()
        let flow = flow(Self.gpsRig(), submitter: submitter)
        try await fillEverything(flow)
        #expect(await flow.submitTapped() == .advance)
        #expect(flow.submission == .submitted(id: "announcement-1"))
        let payload = try #require(submitter.payloads.first)
        #expect(payload.phone == "+48123456789")
        #expect(payload.microchipNumber == "123456789012345")
        #expect(payload.lastSeenDate == "2025-11-18")
        #expect(payload.status == "FOUND")
        // Spec 004 kept these two out only because its backend could not store them; this
        // package's store keeps them (issue 32).
        #expect(payload.caregiverPhone == "+48987654321")
        #expect(payload.currentAddress == "ul. Prosta 2\nWarszawa")
        #expect(payload.breed == nil && payload.description == nil, "what was not given is not sent")
        #expect(payload.texts.isEmpty, "the Found flow's copy adds no free text")
        #expect(flow.state.caregiverPhone == "+48987654321")
        #expect(flow.state.currentAddress == "ul. Prosta 2\nWarszawa")
    }

    @Test func failedSubmissionKeepsEverythingAndRetrySucceeds() async throws {
        let submitter = RecordingSubmitter(failures: 1)
        let flow = flow(Self.gpsRig(), submitter: submitter)
        try await fillEverything(flow)
        let first = await flow.submitTapped()
        #expect(first.toast?.message == "We couldn’t send your report. Check your connection and try again.")
        #expect(flow.submission == .failed(message: FoundFlowCopy.submissionFailed))
        #expect(flow.step == .contactInfo)
        #expect(flow.state.phone == "+48123456789" && flow.state.photo != nil)
        #expect(await flow.submitTapped() == .advance)
        #expect(submitter.payloads.count == 2)
        #expect(submitter.payloads[0] == submitter.payloads[1])
    }

    @Test func invalidContactBlocksSubmissionWithoutSending() async throws {
        let submitter = RecordingSubmitter()
        let flow = flow(Self.gpsRig(), submitter: submitter)
        try await fillEverything(flow)
        flow.contactStep.setCaregiverPhone("12")
        let outcome = await flow.submitTapped()
        #expect(outcome == .stay(.correctHighlightedFields))
        #expect(submitter.payloads.isEmpty)
        #expect(flow.contactStep.caregiverPhoneError == "Enter a valid phone number (7–11 digits)")
    }

    @Test func cancelClearsTheState() async throws {
        let flow = flow(Self.gpsRig())
        try await fillEverything(flow)
        flow.cancel()
        #expect(flow.state == ReportFoundPetFlowState())
        #expect(flow.step == .uploadPhoto)
        #expect(flow.photoStep.photo == nil)
        #expect(flow.petDetailsStep.coordinates.latitudeText.isEmpty)
        #expect(flow.contactStep.phoneText.isEmpty)
        #expect(flow.submission == .idle)
    }

    /// A submitter that knows what failed says so; the toast is not the generic "check your
    /// connection" then, and everything is kept for a retry.
    @Test func aSubmissionFailureThatSaysWhatFailedIsTheToast() async throws {
        struct Refusing: FoundReportSubmitting {
            func submit(_ payload: FoundReportPayload, photo: PhotoAttachment) async throws -> String {
                throw FoundReportSubmissionFailure(
                    "We couldn\u{2019}t write your report: the folder out does not exist.")
            }
        }
        let flow = FoundPetReportFlow(
            locationRequester: Self.gpsRig().requester, submitter: Refusing(), today: Fixtures.fixedToday)
        try await fillEverything(flow)
        let outcome = await flow.submitTapped()
        let message = "We couldn\u{2019}t write your report: the folder out does not exist."
        #expect(outcome == .stay(Toast(message)))
        #expect(flow.submission == .failed(message: message))
        #expect(flow.contactStep.phoneText == "+48 123 456 789")
    }
}
