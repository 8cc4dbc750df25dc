import Foundation
import GPSDTestSupport
import Geodata
import Location
import ReportLocation
import ReportSteps
import Testing

/// "Use current location" filling the Found flow's required location from a real gpsd
/// (gpsfake replaying an NMEA log). With `CI=true` this runs, and fails, even without gpsd.
@Suite(.serialized, .enabled(if: GPSDTools.shouldRunGPSDTests), .timeLimit(.minutes(1)))
@MainActor
struct GPSDFoundLocationTests {
    @Test func useCurrentLocationFillsTheFoundLocationFromGpsfake() async throws {
        let logDate = Date(timeIntervalSince1970: 1_560_000_000)
        let fake = try GPSFake.start(
            log: (0..<3).flatMap(NMEA.standing(latitude: 50.061_43, longitude: 19.936_58, from: logDate)))
        defer { fake.stop() }
        let service = LocationService(
            provider: GPSDProvider(endpoint: GPSDEndpoint(host: "127.0.0.1", port: fake.port)),
            authorizer: InMemoryAuthorizer(.notDetermined, answer: LocationAuthorization(.authorizedWhenInUse)))
        let flow = FoundPetReportFlow(
            locationRequester: ReportLocationRequester(service: service, timeout: .seconds(15)),
            submitter: RecordingSubmitter(), today: Fixtures.fixedToday)
        try flow.photoStep.attach(filename: "found.png", bytes: Fixtures.pngBytes)
        #expect(flow.continueTapped() == .advance)

        await flow.useCurrentLocation()

        let fields = flow.petDetailsStep.coordinates
        #expect(fields.requestStatus != .inFlight)
        #expect(fields.latitudeText == "50.06143", "\(fields.helperText)")
        #expect(fields.longitudeText == "19.93658")
        #expect(fields.helperText == "Location captured successfully")
        flow.petDetailsStep.selectDate(Fixtures.today)
        flow.petDetailsStep.selectSpecies(Fixtures.cat)
        flow.petDetailsStep.selectGender(.female)
        #expect(flow.continueTapped() == .advance)
        #expect(flow.state.coordinate?.formatted == "50.06143, 19.93658")
    }

    @Test func useCurrentLocationWithGpsdDownSaysTheProviderIsUnavailable() async throws {
        let port = try LoopbackSocket.freePort()
        let service = LocationService(
            provider: GPSDProvider(
                endpoint: GPSDEndpoint(host: "127.0.0.1", port: port),
                backoff: Backoff(initial: .milliseconds(50), maximum: .milliseconds(200))),
            authorizer: InMemoryAuthorizer(.authorizedWhenInUse))
        let flow = FoundPetReportFlow(
            locationRequester: ReportLocationRequester(service: service, timeout: .seconds(10)),
            submitter: RecordingSubmitter(), today: Fixtures.fixedToday)
        flow.petDetailsStep.coordinates.latitudeText = "1"
        await flow.useCurrentLocation()
        let fields = flow.petDetailsStep.coordinates
        guard case .failed(.providerUnavailable(let reason)) = fields.requestStatus else {
            Issue.record("expected providerUnavailable, got \(fields.requestStatus)")
            return
        }
        #expect(reason.contains("127.0.0.1:\(port)"))
        #expect(fields.helperText.hasPrefix("Location is unavailable (127.0.0.1:\(port)"))
        #expect(fields.latitudeText == "1")
    }
}
