import Geodata
import Location
import LocationTestSupport
import ReportSteps
import Testing

/// "Request GPS position" on *Animal description*, through a real `LocationService`
/// (spec 002 §8, spec 000 FR-009 / FR-014 / edge cases).
@Suite("Missing flow: Request GPS position through LocationService", .timeLimit(.minutes(1)))
@MainActor
struct RequestGPSPositionTests {
    /// A flow past the optional microchip step, on *Animal photo*.
    private func flow(_ rig: ServiceRig) -> MissingPetReportFlow {
        let flow = MissingPetReportFlow(locationRequester: rig.requester, today: Fixtures.fixedToday)
        flow.continueTapped()
        return flow
    }

    @Test func authorizedFillsBothFieldsWithFiveDecimalsAndConfirms() async {
        let rig = ServiceRig(.authorizedWhenInUse, events: [.connected, .fix(ServiceRig.warsawFix())])
        let flow = flow(rig)
        await flow.requestGPSPosition()
        let fields = flow.descriptionStep.coordinates
        #expect(fields.latitudeText == "52.22968")
        #expect(fields.longitudeText == "21.01223")
        #expect(fields.helperText == "Location captured successfully")
        #expect(fields.alert == nil)
        #expect(!fields.latitudeField.isDisabled, "the fields stay editable")
        #expect(rig.authorizer.requestCount == 0, "no prompt when already authorized")
    }

    @Test func capturedCoordinatesReachTheFlowStateWithoutCaptureTime() async throws {
        let rig = ServiceRig(.authorizedAlways, events: [.connected, .fix(ServiceRig.warsawFix())])
        let flow = flow(rig)
        try flow.photoStep.attach(filename: "luna.png", bytes: Fixtures.pngBytes)
        #expect(flow.continueTapped() == .advance)
        await flow.requestGPSPosition()
        flow.descriptionStep.selectSpecies(Fixtures.dog)
        flow.descriptionStep.setBreed("Beagle")
        flow.descriptionStep.selectGender(.male)
        #expect(flow.continueTapped() == .advance)
        #expect(flow.state.coordinate?.formatted == "52.22968, 21.01223")
        #expect(flow.step == .contactDetails)
    }

    @Test(arguments: [AuthorizationStatus.denied, .restricted])
    func blockedPermissionShowsTheAlertAndStartsNoRequest(status: AuthorizationStatus) async throws {
        let rig = ServiceRig(status, events: [.connected, .fix(ServiceRig.warsawFix())])
        let flow = flow(rig)
        await flow.requestGPSPosition()
        let alert = try #require(flow.descriptionStep.coordinates.alert)
        #expect(alert.block == (status == .restricted ? .restricted : .denied))
        #expect(alert.cancelTitle == "Cancel")
        #expect(alert.settingsTitle == "Go to Settings")
        #expect(flow.descriptionStep.coordinates.latitudeText.isEmpty)
        #expect(rig.provider.starts == 0)
        #expect(rig.authorizer.requestCount == 0, "a decided status is not asked again")
    }

    @Test func notDeterminedAsksThenFetchesWhenGranted() async {
        let rig = ServiceRig(
            .notDetermined, answer: .authorizedWhenInUse, events: [.connected, .fix(ServiceRig.warsawFix())])
        let flow = flow(rig)
        await flow.requestGPSPosition()
        #expect(rig.authorizer.requestCount == 1)
        #expect(flow.descriptionStep.coordinates.latitudeText == "52.22968")
        #expect(flow.descriptionStep.coordinates.alert == nil)
    }

    @Test func notDeterminedAsksThenShowsTheAlertWhenRefused() async {
        let rig = ServiceRig(
            .notDetermined, answer: .denied, events: [.connected, .fix(ServiceRig.warsawFix())])
        let flow = flow(rig)
        await flow.requestGPSPosition()
        #expect(rig.authorizer.requestCount == 1)
        #expect(flow.descriptionStep.coordinates.alert == LocationPermissionAlert(.denied))
        #expect(rig.provider.starts == 0)
    }

    @Test func noFixSaysSoAndLeavesTheFieldsUntouched() async throws {
        let rig = ServiceRig(.authorizedWhenInUse, events: [.connected, .noFix])
        let flow = flow(rig)
        flow.descriptionStep.coordinates.latitudeText = "50.1"
        let request = Task { await flow.requestGPSPosition() }
        try await rig.clock.waitForSleepers(atLeast: 1)
        // Advance only once the service has seen the receiver's "no fix" report.
        for await update in rig.service.updates where update == .waitingForFix { break }
        await rig.clock.advance(by: .seconds(30))
        await request.value
        let fields = flow.descriptionStep.coordinates
        #expect(fields.requestStatus == .failed(.noFix))
        #expect(fields.helperText == LocationRequestFailure.noFix.helperText)
        #expect(fields.latitudeText == "50.1" && fields.longitudeText.isEmpty)
    }

    @Test func silentProviderTimesOut() async throws {
        let rig = ServiceRig(.authorizedWhenInUse, events: [])
        let flow = flow(rig)
        let request = Task { await flow.requestGPSPosition() }
        try await rig.clock.waitForSleepers(atLeast: 1)
        await rig.clock.advance(by: .seconds(29))
        #expect(flow.descriptionStep.coordinates.isRequestInFlight, "still waiting before the timeout")
        await rig.clock.advance(by: .seconds(1))
        await request.value
        #expect(flow.descriptionStep.coordinates.requestStatus == .failed(.timedOut))
        #expect(
            flow.descriptionStep.coordinates.helperText
                == "Getting your position took too long. Try again, or type the coordinates.")
    }

    @Test func unavailableProviderSaysWhatHappened() async {
        let rig = ServiceRig(
            .authorizedWhenInUse, events: [.disconnected(endpoint: "localhost:2947", reason: "Connection refused")])
        let flow = flow(rig)
        await flow.requestGPSPosition()
        #expect(
            flow.descriptionStep.coordinates.helperText
                == "Location is unavailable (localhost:2947: Connection refused). Type the coordinates, or try again later."
        )
        #expect(flow.descriptionStep.coordinates.latitudeText.isEmpty)
    }

    @Test func secondTapWhileInFlightDoesNotStartASecondRequest() async throws {
        let rig = ServiceRig(.authorizedWhenInUse, events: [.connected])
        let flow = flow(rig)
        let first = Task { await flow.requestGPSPosition() }
        try await rig.clock.waitForSleepers(atLeast: 1)
        await flow.requestGPSPosition()  // returns at once
        #expect(await rig.service.pendingRequestCount == 1)
        #expect(rig.clock.sleeperCount == 1, "one timeout timer: one request")
        await rig.clock.advance(by: .seconds(30))
        await first.value
        #expect(!flow.descriptionStep.coordinates.isRequestInFlight)
    }
}
