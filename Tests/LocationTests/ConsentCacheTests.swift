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
        let authorizer = PersistedConsentAuthorizer(
            store: files.store, policy: files.policy, pollInterval: .milliseconds(10))
        let loadsAtStart = authorizer.fileLoads
        for _ in 0..<10 {
            try await Task.sleep(for: .milliseconds(15))
            #expect(authorizer.authorization.status == .denied)
        }
        #expect(authorizer.fileLoads == loadsAtStart)
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
