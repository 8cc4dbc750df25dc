import Foundation
import LocationTestSupport
import Testing

@testable import Location

/// The persisted authorization is read from memory; the files are read again only when they
/// changed, noticed within the poll interval.
@Suite struct ConsentCacheTests {
    struct Files {
        let directory: URL
        let store: ConsentStore
        let policy: RestrictionPolicy
        init() throws {
            directory = try AuthorizationTests.temporaryDirectory()
            store = ConsentStore(fileURL: directory.appendingPathComponent("consent.json"))
            policy = RestrictionPolicy(environment: [:], policyFile: directory.appendingPathComponent("policy"))
        }
        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    @Test func readingTheAuthorizationReadsNoFile() throws {
        let files = try Files()
        defer { files.remove() }
        try files.store.write(LocationAuthorization(.authorizedWhenInUse))
        let authorizer = PersistedConsentAuthorizer(store: files.store, policy: files.policy)
        let loadsAtStart = authorizer.fileLoads
        for _ in 0..<20_000 { #expect(authorizer.authorization.status == .authorizedWhenInUse) }
        #expect(authorizer.fileLoads == loadsAtStart)
    }

    @Test func unchangedFilesAreNotReadAgainWhenThePollIntervalPasses() async throws {
        let files = try Files()
        defer { files.remove() }
        try files.store.write(LocationAuthorization(.denied))
        let clock = VirtualClock()
        let authorizer = PersistedConsentAuthorizer(
            store: files.store, policy: files.policy, pollInterval: .milliseconds(10), clock: clock)
        let loadsAtStart = authorizer.fileLoads
        for _ in 0..<10 {
            await clock.advance(by: .milliseconds(15))  // each read checks the files again
            #expect(authorizer.authorization.status == .denied)
        }
        #expect(authorizer.fileLoads == loadsAtStart)
    }

    /// The check is due after the poll interval of the authorizer's clock, not before: a change
    /// made elsewhere is seen once that much (virtual) time has passed.
    @Test func aChangeIsSeenWhenThePollIntervalOfItsClockPasses() async throws {
        let files = try Files()
        defer { files.remove() }
        let clock = VirtualClock()
        let authorizer = PersistedConsentAuthorizer(
            store: files.store, policy: files.policy, pollInterval: .milliseconds(50), clock: clock)
        try authorizer.grant()
        try PersistedConsentAuthorizer(store: files.store, policy: files.policy).deny()
        await clock.advance(by: .milliseconds(49))
        #expect(authorizer.authorization.status == .authorizedWhenInUse)
        await clock.advance(by: .milliseconds(1))
        #expect(authorizer.authorization.status == .denied)
    }

    @Test func aChangeByAnotherProcessIsSeenWithinThePollInterval() async throws {
        let files = try Files()
        defer { files.remove() }
        let authorizer = PersistedConsentAuthorizer(
            store: files.store, policy: files.policy, pollInterval: .milliseconds(50))
        try authorizer.grant()
        #expect(authorizer.authorization.status == .authorizedWhenInUse)
        // What `petspot permission deny` in another terminal does: the same file, another writer.
        try PersistedConsentAuthorizer(store: files.store, policy: files.policy).deny()
        try await waitUntil(hangGuard, "the denial") { authorizer.authorization.status == .denied }
        try Data("restricted\n".utf8).write(to: files.policy.policyFile)
        try await waitUntil(hangGuard, "the restriction") { authorizer.authorization.status == .restricted }
        try FileManager.default.removeItem(at: files.policy.policyFile)
        try await waitUntil(hangGuard, "the restriction lifted") { authorizer.authorization.status == .denied }
    }

    /// ``PersistedConsentAuthorizer/authorizationChanges()`` checks the files every poll
    /// interval of the authorizer's clock, sleeping on that clock.
    @Test func theChangePollSleepsOnTheAuthorizersClock() async throws {
        let files = try Files()
        defer { files.remove() }
        let clock = VirtualClock()
        let authorizer = PersistedConsentAuthorizer(
            store: files.store, policy: files.policy, pollInterval: .seconds(1), clock: clock)
        try authorizer.grant()
        var changes = authorizer.authorizationChanges().makeAsyncIterator()
        try await withDeadline(hangGuard, "the poller's sleep") { try await clock.waitForSleepers(atLeast: 1) }
        try PersistedConsentAuthorizer(store: files.store, policy: files.policy).deny()
        await clock.advance(by: .seconds(1))
        #expect(await changes.next()?.status == .denied)
    }

    @Test func theAuthorizersOwnChangesAreSeenAtOnce() throws {
        let files = try Files()
        defer { files.remove() }
        let authorizer = PersistedConsentAuthorizer(
            store: files.store, policy: files.policy, pollInterval: .seconds(3600))
        try authorizer.grant()
        #expect(authorizer.authorization.status == .authorizedWhenInUse)
        try authorizer.deny()
        #expect(authorizer.authorization.status == .denied)
        try authorizer.reset()
        #expect(authorizer.authorization.status == .notDetermined)
    }
}
