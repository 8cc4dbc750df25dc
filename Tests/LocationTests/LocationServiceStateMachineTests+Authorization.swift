import Geodata
import Location
import Testing

/// The location state machine and the permission: withdrawn, given again, and the watch that
/// follows it.
extension LocationServiceStateMachineTests {
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
