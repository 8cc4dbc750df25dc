import Foundation
import GPSDTestSupport
import Geodata
import Location
import LocationTestSupport
import Locking
import Scenarios
import Testing

@Suite("Scenario provider and authorizer")
struct ScenarioProviderTests {
    static let warsaw: ScenarioFix = {
        guard let coordinate = try? Coordinate(latitude: 52.2297, longitude: 21.0122) else {
            preconditionFailure("Warsaw is a valid coordinate")
        }
        return ScenarioFix(coordinate: coordinate)
    }()

    @Test func scenarioProviderPassesTheProviderContract() async {
        let receiver = ScenarioReceiver(name: "contract")
        let fix = Self.warsaw.locationFix(source: receiver.source, receiverTime: Scenario.defaultStart)
        let violations = await ProviderContract.check(
            ScenarioProvider(receiver: receiver), events: 5, advance: { receiver.play(.fix(fix)) })
        #expect(violations.isEmpty, "\(violations)")
        #expect(receiver.listenerCount == 0, "the provider stops listening when cancelled")
    }

    @Test func aLateProviderHearsTheReceiversConditionNotOldFixes() async throws {
        let receiver = ScenarioReceiver(name: "late")
        receiver.play(.noFix)
        let events = EventBox()
        let run = Task {
            await ScenarioProvider(receiver: receiver).run(clock: LocationClock(ContinuousClock())) {
                events.append($0)
            }
        }
        try await waitUntil { receiver.listenerCount == 1 }
        receiver.play(.disconnected(endpoint: "x", reason: "receiver lost"))
        receiver.play(.fix(Self.warsaw.locationFix(source: receiver.source, receiverTime: Scenario.defaultStart)))
        receiver.play(.connected)
        run.cancel()
        await run.value
        #expect(events.all.map(Self.name) == ["connected", "noFix", "disconnected", "connected"])
    }

    @Test func fixesAreMarkedSimulatedAndKeepTheirDetails() {
        let fix = ScenarioFix(
            coordinate: Self.warsaw.coordinate, horizontalAccuracy: 5, altitude: 110, speed: 1.5, course: 90,
            satellites: 9
        ).locationFix(source: FixSource(kind: "scenario", name: "t"), receiverTime: Scenario.defaultStart)
        #expect(fix.isSimulated)
        #expect(fix.mode == .threeDimensional)
        #expect(fix.description == "52.22970, 21.01220 ±5 m")
        #expect(fix.satellitesUsed == 9)
    }

    @Test func authorizerAnswersThePromptAfterTheScriptedDelayOnTheVirtualClock() async throws {
        let clock = VirtualClock()
        let shown = EventBox()
        let authorizer = ScenarioAuthorizer(
            initial: LocationAuthorization(.notDetermined),
            prompt: ScenarioPrompt(.grantApproximate, after: ScenarioDuration(.seconds(3))), clock: clock,
            onEvent: { event in if case .promptShown = event { shown.append(.noFix) } })
        let request = Task { await authorizer.requestWhenInUseAuthorization() }
        try await clock.waitForSleepers(atLeast: 1)
        #expect(authorizer.authorization.status == .notDetermined)
        await clock.advance(by: .seconds(3))
        let answer = await request.value
        #expect(answer == LocationAuthorization(.authorizedWhenInUse, accuracy: .reducedAccuracy))
        #expect(authorizer.promptCount == 1)
        #expect(shown.all.count == 1)
        // Asking again does not show the prompt again, as CoreLocation.
        #expect(await authorizer.requestWhenInUseAuthorization() == answer)
        #expect(authorizer.promptCount == 1)
    }

    static func name(_ event: ProviderEvent) -> String {
        switch event {
        case .connected: "connected"
        case .noFix: "noFix"
        case .fix: "fix"
        case .disconnected: "disconnected"
        }
    }
}

/// Provider events collected from any thread.
final class EventBox: Sendable {
    private let events = Locked<[ProviderEvent]>([])
    func append(_ event: ProviderEvent) { events.withLock { $0.append(event) } }
    var all: [ProviderEvent] { events.withLock { $0 } }
}
