import Geodata
import Location
import Testing

/// The location state machine and one-shot requests: refused at once, answered by a recent
/// fix, timed out with the best fix, cancelled, and ended when the provider is lost.
extension LocationServiceStateMachineTests {
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
}
