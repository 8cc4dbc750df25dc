import Geodata
import Location
import Testing

/// The service's rules, driven through its state machine: events in, actions out. No tasks,
/// no clock, no waiting.
@Suite struct LocationServiceStateMachineTests {
    typealias Machine = LocationServiceStateMachine
    typealias Actions = LocationServiceStateMachine.Actions

    static let allowed = LocationAuthorization(.authorizedWhenInUse)
    static let reduced = LocationAuthorization(.authorizedWhenInUse, accuracy: .reducedAccuracy)
    static let denied = LocationAuthorization(.denied)
    static let lost = ProviderEvent.disconnected(endpoint: "localhost:2947", reason: "connection lost")

    /// A machine with one consumer and its provider running; the consumer's id and the run's
    /// generation.
    static func running(_ authorization: LocationAuthorization = allowed) -> (Machine, UInt64, UInt64) {
        var machine = Machine()
        let consumer = machine.makeID()
        let actions = machine.subscribe(consumer, authorization: authorization)
        guard case .start(let generation)? = actions.provider else { return (machine, consumer, 0) }
        return (machine, consumer, generation)
    }

    static func fix(_ latitude: Double, accuracy: Double? = 5, at seconds: Int64 = 0) throws -> LocationFix {
        LocationFix(
            coordinate: try Coordinate(latitude: latitude, longitude: 21), horizontalAccuracy: accuracy,
            arrivalTime: instant(seconds), source: FixSource(kind: "manual", name: "test"))
    }

    static func instant(_ seconds: Int64) -> LocationClock.Instant { LocationClock.Instant(offset: .seconds(seconds)) }

    // MARK: - Consumers

    @Test func theFirstConsumerStartsTheProviderAndTheAuthorizationWatch() {
        var machine = Machine()
        let consumer = machine.makeID()
        let actions = machine.subscribe(consumer, authorization: Self.allowed)
        #expect(actions == Actions(provider: .start(generation: 2), authorizationWatch: .start))
        #expect(machine.phase == .running(generation: 2, published: nil))
    }

    @Test func aConsumerArrivingWhileTheProviderRunsGetsTheCurrentStateAndSharesTheRun() {
        var (machine, _, generation) = Self.running()
        _ = machine.providerEvent(.connected, generation: generation, authorization: Self.allowed)
        let second = machine.makeID()
        let actions = machine.subscribe(second, authorization: Self.allowed)
        #expect(actions == Actions(publish: .waitingForFix, recipient: second))
    }

    @Test(arguments: [AuthorizationStatus.denied, .restricted, .notDetermined])
    func aConsumerWhileLocationUseIsNotAllowedIsToldSoAndNothingRuns(status: AuthorizationStatus) {
        var machine = Machine()
        let consumer = machine.makeID()
        let actions = machine.subscribe(consumer, authorization: LocationAuthorization(status))
        #expect(
            actions
                == Actions(
                    authorizationWatch: .start,
                    publish: .authorizationDenied(status), recipient: consumer))
        #expect(!machine.isProviderRunning)
    }

    /// The permission was withdrawn (consumers told), everybody left, the permission came
    /// back: the next consumer is not told it is denied; the provider starts for it.
    @Test func aConsumerArrivingAfterThePermissionCameBackIsNotToldItIsDenied() {
        var (machine, consumer, generation) = Self.running()
        _ = machine.authorizationChanged(to: Self.denied)
        _ = machine.unsubscribe(consumer, authorization: Self.denied)
        let next = machine.makeID()
        #expect(
            machine.subscribe(next, authorization: Self.allowed)
                == Actions(provider: .start(generation: generation + 2), authorizationWatch: .start))
    }

    @Test func theLastConsumerLeavingStopsTheProviderAndTheWatch() {
        var (machine, first, _) = Self.running()
        let second = machine.makeID()
        _ = machine.subscribe(second, authorization: Self.allowed)
        #expect(machine.unsubscribe(first, authorization: Self.allowed) == Actions(cancelSubscriber: first))
        #expect(
            machine.unsubscribe(second, authorization: Self.allowed)
                == Actions(provider: .stop, authorizationWatch: .stop, cancelSubscriber: second))
        #expect(machine.phase == .idle)
    }

    @Test func leavingTwiceOrWithAnUnknownIdDoesNothing() {
        var (machine, consumer, _) = Self.running()
        _ = machine.unsubscribe(consumer, authorization: Self.allowed)
        #expect(machine.unsubscribe(consumer, authorization: Self.allowed) == Actions())
        #expect(machine.unsubscribe(999, authorization: Self.allowed) == Actions())
    }

    // MARK: - Provider events

    /// Provider events in, what consumers are told out (`nil`: nothing).
    static let tellings: [(String, [ProviderEvent], [LocationUpdate?])] = [
        ("connecting says waiting for a fix", [.connected], [.waitingForFix]),
        ("a report without a position before any fix is waiting too", [.noFix], [.waitingForFix]),
        ("a repeated state is told once", [.connected, .connected, .noFix], [.waitingForFix, nil, nil]),
        (
            "losing the fix, the provider and getting both back",
            [.connected, .noFix, lost, lost, .connected],
            [
                .waitingForFix, nil, .providerUnavailable(endpoint: "localhost:2947", reason: "connection lost"), nil,
                .waitingForFix,
            ]
        ),
    ]

    @Test(arguments: tellings)
    func stateChangesAreToldOnce(_ name: String, _ events: [ProviderEvent], _ told: [LocationUpdate?]) {
        var (machine, _, generation) = Self.running()
        let published = events.map {
            machine.providerEvent($0, generation: generation, authorization: Self.allowed).publish
        }
        #expect(published == told, "\(name)")
    }

    @Test func everyFixIsToldEvenTheSameAgainAndNoFixAfterAFixIsFixLost() throws {
        var (machine, _, generation) = Self.running()
        let fix = try Self.fix(52)
        let events: [ProviderEvent] = [.connected, .fix(fix), .fix(fix), .noFix, .noFix]
        let published = events.map {
            machine.providerEvent($0, generation: generation, authorization: Self.allowed).publish
        }
        #expect(published == [.waitingForFix, .fix(fix), .fix(fix), .fixLost, nil])
        #expect(machine.latestFix == fix)
        #expect(machine.handledEventCount == 5)
    }

    @Test func eventsOfAStoppedRunAreIgnoredAndNotCounted() throws {
        var (machine, consumer, generation) = Self.running()
        _ = machine.unsubscribe(consumer, authorization: Self.allowed)
        let again = machine.makeID()
        let restart = machine.subscribe(again, authorization: Self.allowed)
        #expect(restart.provider != nil && restart.provider != .start(generation: generation))
        #expect(
            machine.providerEvent(.fix(try Self.fix(52)), generation: generation, authorization: Self.allowed)
                == Actions())
        #expect(machine.providerEnded(generation: generation, authorization: Self.allowed) == Actions())
        #expect(machine.handledEventCount == 0)
        #expect(machine.latestFix == nil)
    }

    @Test func underReducedAccuracyEveryFixIsApproximated() throws {
        var (machine, _, generation) = Self.running(Self.reduced)
        let fix = try Self.fix(52.229_71, accuracy: 4)
        let actions = machine.providerEvent(.fix(fix), generation: generation, authorization: Self.reduced)
        #expect(actions.publish == .fix(fix.approximated()))
        #expect(machine.latestFix == fix.approximated())
    }

    @Test func whenTheSourceEndsConsumersFinishAndAWaitingRequestGetsANewRun() {
        var (machine, _, generation) = Self.running()
        let request = machine.makeID()
        _ = machine.addRequest(
            request, timeout: .seconds(30), desiredAccuracy: nil, now: Self.instant(0), authorization: Self.allowed)
        let actions = machine.providerEnded(generation: generation, authorization: Self.allowed)
        #expect(actions.finishSubscribers)
        #expect(actions.provider == .start(generation: generation + 2))
        #expect(machine.subscribers.isEmpty)
        #expect(machine.requests.map(\.id) == [request])
    }

    @Test func whenTheSourceEndsWithNobodyElseWaitingEverythingStops() {
        var (machine, _, generation) = Self.running()
        #expect(
            machine.providerEnded(generation: generation, authorization: Self.allowed)
                == Actions(provider: .stop, authorizationWatch: .stop, finishSubscribers: true))
        #expect(machine.phase == .idle)
    }
}
