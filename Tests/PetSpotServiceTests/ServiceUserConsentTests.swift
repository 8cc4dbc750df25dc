import Foundation
import GPSDTestSupport
import LocationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The systemd unit's steps for a receiver, as its user meets them: a user that is not root
/// (`nobody`, as `DynamicUser=` makes one), a state directory it owns as `StateDirectory=`
/// makes it, the unit's variables, and the operator's consent given in its environment
/// (`PETSPOT_LOCATION_CONSENT`, deploy/petspot.env.example). Needs root (to be another user)
/// and gpsd; with `CI=true` it runs and fails without them.
@Suite(.serialized, .enabled(if: ServiceUser.shouldRun), .timeLimit(.minutes(3)))
struct ServiceUserConsentTests {
    typealias Server = ServeCommandTests.Server

    @Test func theUnitsUserGetsAFixWithTheConsentFromItsEnvironment() async throws {
        try #require(getuid() == 0, "needs root, to run the server as the unit's own user")
        let feed = try NMEAFeedServer()
        defer { feed.close() }
        let gpsd = try GPSDDaemon.start(feed: feed)
        defer { gpsd.kill() }
        let feeder = feed.sendRepeatedly(
            every: .milliseconds(100), NMEA.standing(latitude: 52.2297, longitude: 21.0122, from: Date()))
        defer { feeder.cancel() }
        let state = try StateDirectory(user: "nobody")
        // Docs/Service.md's old step, as root: the consent file in folders only root may enter.
        let grant = try await ProcessRun.run(
            PetSpotBinary.url, ["permission", "grant"], environment: ["XDG_CONFIG_HOME": state.path + "/config"])
        #expect(grant.status == 0, "\(grant.stderr)")

        // The unit's environment, as nobody: refused with the consent file alone, and the log says why.
        let refused = try Server(
            ["--gpsd", "127.0.0.1:\(gpsd.port)", "--log-level", "warning"], environment: state.environment(),
            user: "nobody")
        defer { refused.stop() }
        let refusedPort = try #require(await refused.port(), "\(refused.output)")
        let denied = try await TestServer(port: refusedPort).request("/v1/location?timeout=30")
        #expect(denied.status == 403, "\(denied.body)")
        #expect(refused.output.contains("cannot be read by this user"), "\(refused.output)")
        refused.stop()
        refused.process.waitUntilExit()

        // With PETSPOT_LOCATION_CONSENT=granted (the environment file's line): a fix.
        let server = try Server(
            ["--gpsd", "127.0.0.1:\(gpsd.port)", "--log-level", "warning"],
            environment: state.environment().merging(["PETSPOT_LOCATION_CONSENT": "granted"]) { _, new in new },
            user: "nobody")
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let located = try await TestServer(port: port).request("/v1/location?timeout=30")
        #expect(located.status == 200, "\(located.body)\n\(server.output)")
        #expect(located.body.contains(#""source":"gpsd""#), "\(located.body)")
        // The store is the unit's, in the state directory, owned by the unit's user.
        var info = stat()
        #expect(stat(state.path + "/reports.sqlite", &info) == 0 && info.st_uid == state.uid)
    }

    /// A state directory as systemd's `StateDirectory=` makes it: owned by the service's user,
    /// mode 0750, removed when released.
    final class StateDirectory: Sendable {
        let path: String
        let uid: uid_t

        init(user: String) throws {
            guard let entry = getpwnam(user) else { throw CocoaError(.fileNoSuchFile) }
            uid = entry.pointee.pw_uid
            path = FileManager.default.temporaryDirectory.path + "/petspot-state-\(UUID().uuidString.prefix(8))"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            chown(path, entry.pointee.pw_uid, entry.pointee.pw_gid)
            chmod(path, 0o750)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// The unit's `Environment=` lines, with this directory for /var/lib/petspot.
        func environment() -> [String: String] {
            [
                "PETSPOT_STORE": "sqlite:\(path)/reports.sqlite", "XDG_CONFIG_HOME": "\(path)/config",
                "XDG_DATA_HOME": "\(path)/data", "XDG_STATE_HOME": "\(path)/state",
            ]
        }
    }
}

/// Whether the service-user tests can run here.
enum ServiceUser {
    /// With `CI=true` always (they fail without root or gpsd); else as root with gpsd.
    static var shouldRun: Bool {
        ProcessInfo.processInfo.environment["CI"] == "true" || (getuid() == 0 && GPSDTools.shouldRunGPSDTests)
    }
}
