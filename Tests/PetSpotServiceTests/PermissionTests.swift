import Foundation
import Location
import PetSpotService
import Testing

/// Nothing over HTTP can grant location permission: consent belongs to the person at the
/// machine (`petspot permission grant`).
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PermissionTests {
    @Test func noRouteChangesTheConsent() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-consent-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = ConsentStore(fileURL: directory.appendingPathComponent("consent.json"))
        let authorizer = PersistedConsentAuthorizer(
            store: store,
            policy: RestrictionPolicy(environment: [:], policyFile: directory.appendingPathComponent("policy")))
        let source = LocationSource.gpsd(
            GPSDEndpoint(host: "127.0.0.1", port: 1), authorizer: authorizer, logger: TestServer.quietLogger)
        try await TestServer.with(ServiceConfiguration(location: source, logger: TestServer.quietLogger)) { server in
            for example in ExampleRequests.withoutSource
            where example.path != "/v1/location" && !example.path.hasPrefix("/v1/location/updates") {
                _ = try await server.request(example.method, example.path, headers: example.headers, body: example.body)
            }
            // Not determined: the request is refused, and nobody is asked.
            let location = try await server.request("/v1/location?timeout=1")
            #expect(location.status == 403)
            #expect(try location.object["reason"] as? String == "notDetermined")
            #expect((try location.object["detail"] as? String)?.contains("petspot permission grant") == true)
        }
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
        #expect(authorizer.authorization.status == .notDetermined)
    }
}
