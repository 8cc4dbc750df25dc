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

    // MARK: - Requests

    @Test(arguments: [AuthorizationStatus.denied, .restricted, .notDetermined])
    func aRequestWhileLocationUseIsNotAllowedFailsAtOnce(status: AuthorizationStatus) {
        let machine = Machine()
        let start = machine.startRequest(
            desiredAccuracy: nil, maximumAge: .seconds(5), now: Self.instant(0),
            authorization: LocationAuthorization(status))
        #expect(start == .fail(LocationError(status: status) ?? .denied))
    }

    /// A fix seen at +10 s with 20 m accuracy; a request at `now` with `maximumAge` and
    /// `desiredAccuracy`: answered at once, or waits.
    static let recentFixes: [(String, Int64, Int64, Double?, Bool)] = [
        ("recent and accurate enough", 12, 5, 50, true),
        ("exactly as old as allowed", 15, 5, nil, true),
        ("too old", 16, 5, nil, false),
        ("not accurate enough", 12, 5, 10, false),
    ]

    @Test(arguments: recentFixes)
    func aRecentFixAnswersARequestAtOnce(
        _ name: String, _ now: Int64, _ maximumAge: Int64, _ desiredAccuracy: Double?, _ answered: Bool
    ) throws {
        var (machine, _, generation) = Self.running()
        let fix = try Self.fix(52, accuracy: 20, at: 10)
        _ = machine.providerEvent(.fix(fix), generation: generation, authorization: Self.allowed)
        let start = machine.startRequest(
            desiredAccuracy: desiredAccuracy, maximumAge: .seconds(maximumAge), now: Self.instant(now),
            authorization: Self.allowed)
        #expect(start == (answered ? .recent(fix) : .wait), "\(name)")
    }

    @Test func aRecentFixDoesNotAnswerWhileTheReceiverReportsItLost() throws {
        var (machine, _, generation) = Self.running()
        _ = machine.providerEvent(.fix(try Self.fix(52, at: 10)), generation: generation, authorization: Self.allowed)
        _ = machine.providerEvent(.noFix, generation: generation, authorization: Self.allowed)
        let start = machine.startRequest(
            desiredAccuracy: nil, maximumAge: .seconds(5), now: Self.instant(11), authorization: Self.allowed)
        #expect(start == .wait)
    }

    @Test func aWaitingRequestStartsItsTimerTheProviderAndTheWatch() {
        var machine = Machine()
        let request = machine.makeID()
        let actions = machine.addRequest(
            request, timeout: .seconds(30), desiredAccuracy: nil, now: Self.instant(2), authorization: Self.allowed)
        #expect(
            actions
                == Actions(
                    provider: .start(generation: 2), authorizationWatch: .start,
                    startTimer: Actions.TimerStart(request: request, deadline: Self.instant(32))))
    }

    @Test func aFixAccurateEnoughEndsTheRequestAndStopsTheProviderNobodyElseUses() throws {
        var machine = Machine()
        let request = machine.makeID()
        let start = machine.addRequest(
            request, timeout: .seconds(30), desiredAccuracy: 10, now: Self.instant(0), authorization: Self.allowed)
        guard case .start(let generation)? = start.provider else {
            Issue.record("the provider did not start")
            return
        }
        let rough = try Self.fix(52, accuracy: 40)
        #expect(
            machine.providerEvent(.fix(rough), generation: generation, authorization: Self.allowed)
                == Actions(publish: .fix(rough)))
        let good = try Self.fix(52.1, accuracy: 8)
        #expect(
            machine.providerEvent(.fix(good), generation: generation, authorization: Self.allowed)
                == Actions(
                    provider: .stop, authorizationWatch: .stop, publish: .fix(good),
                    finishRequests: [Actions.FinishedRequest(id: request, result: .success(good))]))
    }

    @Test func atTheTimeoutTheMostAccurateFixSeenIsTheAnswer() throws {
        var (machine, _, generation) = Self.running()
        let request = machine.makeID()
        _ = machine.addRequest(
            request, timeout: .seconds(10), desiredAccuracy: 10, now: Self.instant(0), authorization: Self.allowed)
        let fixes = [
            try Self.fix(52.0, accuracy: 80), try Self.fix(52.1, accuracy: 40), try Self.fix(52.2, accuracy: 40),
        ]
        for fix in fixes { _ = machine.providerEvent(.fix(fix), generation: generation, authorization: Self.allowed) }
        #expect(
            machine.requestTimedOut(request, authorization: Self.allowed)
                == Actions(finishRequests: [Actions.FinishedRequest(id: request, result: .success(fixes[1]))]))
        #expect(machine.requestTimedOut(request, authorization: Self.allowed) == Actions())
    }

    @Test func atTheTimeoutWithoutAFixTheErrorSaysHowLongAndWhatWasSeen() {
        var (machine, _, generation) = Self.running()
        let request = machine.makeID()
        _ = machine.addRequest(
            request, timeout: .seconds(30), desiredAccuracy: nil, now: Self.instant(0), authorization: Self.allowed)
        _ = machine.providerEvent(.connected, generation: generation, authorization: Self.allowed)
        _ = machine.providerEvent(.noFix, generation: generation, authorization: Self.allowed)
        let actions = machine.requestTimedOut(request, authorization: Self.allowed)
        #expect(
            actions.finishRequests.map(\.result) == [.failure(.noFix(waited: .seconds(30), lastSeen: .waitingForFix))])
        #expect(actions.provider == nil)  // the consumer still listens
    }

    @Test func aRequestIsOverdueFromItsDeadlineUntilItIsAnswered() {
        var (machine, _, _) = Self.running()
        let early = machine.makeID()
        let late = machine.makeID()
        _ = machine.addRequest(
            early, timeout: .seconds(10), desiredAccuracy: nil, now: Self.instant(5), authorization: Self.allowed)
        _ = machine.addRequest(
            late, timeout: .seconds(30), desiredAccuracy: nil, now: Self.instant(5), authorization: Self.allowed)
        #expect(machine.requests.map(\.deadline) == [Self.instant(15), Self.instant(35)])
        #expect(machine.overdueRequestCount(at: Self.instant(14)) == 0)
        #expect(machine.overdueRequestCount(at: Self.instant(15)) == 1)
        #expect(machine.overdueRequestCount(at: Self.instant(40)) == 2)
        _ = machine.requestTimedOut(early, authorization: Self.allowed)
        #expect(machine.overdueRequestCount(at: Self.instant(40)) == 1)
    }

    @Test func losingTheProviderEndsRequestsWithTheirBestFixOrTheProvidersError() throws {
        var (machine, _, generation) = Self.running()
        let withFix = machine.makeID()
        _ = machine.addRequest(
            withFix, timeout: .seconds(30), desiredAccuracy: 5, now: Self.instant(0), authorization: Self.allowed)
        let rough = try Self.fix(52, accuracy: 50)
        _ = machine.providerEvent(.fix(rough), generation: generation, authorization: Self.allowed)
        let without = machine.makeID()
        _ = machine.addRequest(
            without, timeout: .seconds(30), desiredAccuracy: 5, now: Self.instant(0), authorization: Self.allowed)
        let actions = machine.providerEvent(Self.lost, generation: generation, authorization: Self.allowed)
        #expect(
            actions.finishRequests == [
                Actions.FinishedRequest(id: withFix, result: .success(rough)),
                Actions.FinishedRequest(
                    id: without,
                    result: .failure(.providerUnavailable(endpoint: "localhost:2947", reason: "connection lost"))),
            ])
    }

    @Test func cancellingARequestFailsItAndReleasesTheProvider() {
        var machine = Machine()
        let request = machine.makeID()
        _ = machine.addRequest(
            request, timeout: .seconds(30), desiredAccuracy: nil, now: Self.instant(0), authorization: Self.allowed)
        #expect(
            machine.requestCancelled(request, authorization: Self.allowed)
                == Actions(
                    provider: .stop, authorizationWatch: .stop,
                    finishRequests: [Actions.FinishedRequest(id: request, result: .failure(.cancelled))]))
        #expect(machine.requestTimedOut(request, authorization: Self.allowed) == Actions())
    }

    // MARK: - Authorization

    @Test func withdrawingPermissionFailsRequestsStopsTheProviderAndTellsConsumersOnce() {
        var (machine, _, _) = Self.running()
        let request = machine.makeID()
        _ = machine.addRequest(
            request, timeout: .seconds(30), desiredAccuracy: nil, now: Self.instant(0), authorization: Self.allowed)
        #expect(
            machine.authorizationChanged(to: Self.denied)
                == Actions(
                    provider: .stop, publish: .authorizationDenied(.denied),
                    finishRequests: [Actions.FinishedRequest(id: request, result: .failure(.denied))]))
        #expect(machine.phase == .denied(.denied))
        #expect(machine.authorizationChanged(to: Self.denied) == Actions())
        #expect(
            machine.authorizationChanged(to: LocationAuthorization(.restricted))
                == Actions(publish: .authorizationDenied(.restricted)))
    }

    @Test func permissionGivenAgainRestartsTheProviderForThoseStillListening() {
        var (machine, _, generation) = Self.running()
        _ = machine.authorizationChanged(to: Self.denied)
        let actions = machine.authorizationChanged(to: Self.allowed)
        #expect(actions == Actions(provider: .start(generation: generation + 1)))
        #expect(machine.published == nil)
    }

    @Test func theAuthorizationWatchRunsExactlyWhileAnyoneListens() {
        var machine = Machine()
        let consumer = machine.makeID()
        let request = machine.makeID()
        #expect(machine.subscribe(consumer, authorization: Self.denied).authorizationWatch == .start)
        #expect(
            machine.addRequest(
                request, timeout: .seconds(1), desiredAccuracy: nil, now: Self.instant(0), authorization: Self.denied
            ).authorizationWatch == nil)
        #expect(machine.unsubscribe(consumer, authorization: Self.denied).authorizationWatch == nil)
        #expect(machine.requestTimedOut(request, authorization: Self.denied).authorizationWatch == .stop)
        #expect(!machine.isWatchingAuthorization)
    }
}
