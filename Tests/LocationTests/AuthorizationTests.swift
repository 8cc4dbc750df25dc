import Foundation
import Location
import LocationTestSupport
import Locking
import Testing

@Suite struct AuthorizationTests {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-consent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: [
        (["XDG_CONFIG_HOME": "/x/config", "HOME": "/home/a"], "/x/config/petspot/location-consent.json"),
        (["XDG_CONFIG_HOME": "", "HOME": "/home/a"], "/home/a/.config/petspot/location-consent.json"),
        (["XDG_CONFIG_HOME": "relative/dir", "HOME": "/home/a"], "/home/a/.config/petspot/location-consent.json"),
        (["HOME": "/home/b"], "/home/b/.config/petspot/location-consent.json"),
    ])
    func consentFileFollowsXDGRules(environment: [String: String], path: String) {
        #expect(ConsentStore.standard(environment: environment).fileURL.path == path)
    }

    @Test func grantDenyResetPersistAcrossAuthorizers() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore.standard(environment: ["XDG_CONFIG_HOME": directory.path])
        let policy = RestrictionPolicy(environment: [:], policyFile: directory.appendingPathComponent("none"))
        let first = PersistedConsentAuthorizer(store: store, policy: policy)
        #expect(first.authorization.status == .notDetermined)
        try first.grant()
        #expect(
            PersistedConsentAuthorizer(store: store, policy: policy).authorization
                == LocationAuthorization(.authorizedWhenInUse))
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        try first.deny()
        #expect(PersistedConsentAuthorizer(store: store, policy: policy).authorization.status == .denied)
        try first.reset()
        #expect(PersistedConsentAuthorizer(store: store, policy: policy).authorization.status == .notDetermined)
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
    }

    @Test func aCorruptConsentFileIsAClearErrorAndCountsAsNotDetermined() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore(fileURL: directory.appendingPathComponent("consent.json"))
        try Data("{not json".utf8).write(to: store.fileURL)
        #expect(throws: ConsentStoreError.unreadable(path: store.fileURL.path, reason: "not valid JSON")) {
            try store.read()
        }
        let authorizer = PersistedConsentAuthorizer(
            store: store,
            policy: RestrictionPolicy(environment: [:], policyFile: directory.appendingPathComponent("none")))
        #expect(authorizer.authorization.status == .notDetermined)
        #expect(String(data: try Data(contentsOf: store.fileURL), encoding: .utf8) == "{not json")
    }

    @Test func aConsentFileOverTheSizeLimitIsAClearErrorAndAnEmptyOneIsNotJSON() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore(fileURL: directory.appendingPathComponent("consent.json"))
        try Data(repeating: 0x20, count: ConsentStore.maximumFileSize + 1).write(to: store.fileURL)
        #expect(
            throws: ConsentStoreError.unreadable(
                path: store.fileURL.path, reason: "larger than 4096 bytes, so not a consent record")
        ) { try store.read() }
        try Data().write(to: store.fileURL)
        #expect(throws: ConsentStoreError.unreadable(path: store.fileURL.path, reason: "not valid JSON")) {
            try store.read()
        }
    }

    @Test func restrictionPolicyOverridesAGrant() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore(fileURL: directory.appendingPathComponent("consent.json"))
        try store.write(LocationAuthorization(.authorizedAlways))
        let policyFile = directory.appendingPathComponent("location-policy")
        let byEnvironment = RestrictionPolicy(
            environment: ["PETSPOT_LOCATION_POLICY": "restricted"], policyFile: policyFile)
        #expect(PersistedConsentAuthorizer(store: store, policy: byEnvironment).authorization.status == .restricted)
        #expect(byEnvironment.restriction() == "PETSPOT_LOCATION_POLICY=restricted")

        let byFile = RestrictionPolicy(environment: ["PETSPOT_LOCATION_POLICY": "allowed"], policyFile: policyFile)
        #expect(!byFile.isRestricted)
        try Data("# set by IT\nrestricted  # no location\n".utf8).write(to: policyFile)
        #expect(byFile.restriction() == policyFile.path)
        #expect(PersistedConsentAuthorizer(store: store, policy: byFile).authorization.status == .restricted)
    }

    @Test func aRequestAsksOnceAndStoresTheAnswer() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore(fileURL: directory.appendingPathComponent("consent.json"))
        let policy = RestrictionPolicy(environment: [:], policyFile: directory.appendingPathComponent("none"))
        let noTerminal = PersistedConsentAuthorizer(store: store, policy: policy, prompt: { nil })
        #expect(await noTerminal.requestWhenInUseAuthorization().status == .notDetermined)
        #expect(try store.read() == nil)

        let asks = AskCounter()
        let answering = PersistedConsentAuthorizer(store: store, policy: policy) {
            asks.increment()
            return LocationAuthorization(.authorizedWhenInUse)
        }
        #expect(await answering.requestWhenInUseAuthorization().status == .authorizedWhenInUse)
        #expect(await answering.requestWhenInUseAuthorization().status == .authorizedWhenInUse)
        #expect(asks.count == 1)
        #expect(try store.read()?.status == .authorizedWhenInUse)
    }
}

final class AskCounter: Sendable {
    private let value = Locked(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

@Suite struct ConsentChangeTests {
    @Test func denyingInAnotherProcessStopsARunningService() async throws {
        let directory = try AuthorizationTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore(fileURL: directory.appendingPathComponent("consent.json"))
        let policy = RestrictionPolicy(environment: [:], policyFile: directory.appendingPathComponent("none"))
        let authorizer = PersistedConsentAuthorizer(store: store, policy: policy, pollInterval: .milliseconds(20))
        try authorizer.grant()
        let provider = ManualProvider()
        let service = LocationService(provider: provider, authorizer: authorizer, clock: VirtualClock())
        let recorder = UpdateRecorder(service)
        defer { recorder.cancel() }
        try await recorder.waitFor(5, "the provider to connect") { $0.contains(.waitingForFix) }
        // What `petspot permission deny` does, through a separate authorizer on the same file.
        try PersistedConsentAuthorizer(store: store, policy: policy).deny()
        try await recorder.waitFor(5, "the denial") { $0.contains(.authorizationDenied(.denied)) }
        try await waitUntil(hangGuard, "the provider to stop") { !provider.isRunning }
        try authorizer.grant()
        try await waitUntil(hangGuard, "the provider to restart") { provider.starts == 2 }
    }
}
