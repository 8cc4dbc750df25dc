import Foundation
import LocationTestSupport
import ReportStore
import ReportStoreTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `petspot serve` over a PostgreSQL store: the store's connection pool is a service of the
/// server's ServiceGroup, connected and migrated before the server listens and stopped after
/// it on SIGTERM; a server that is down stops `serve` before it listens, with the store's reason.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ServePostgresStoreTests {
    @Test(.enabled(if: PostgresServer.shouldRun))
    func aPostgresStoreServesReportsAndStopsAfterTheServerOnSigterm() async throws {
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let photos = FileManager.default.temporaryDirectory.path + "/petspot-photos-\(UUID())"
            defer { try? FileManager.default.removeItem(atPath: photos) }
            let server = try ServeCommandTests.Server([
                "--store", "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)",
                "--photos", photos, "--log-level", "info",
            ])
            defer { server.stop() }
            let port = try #require(await server.port(), "\(server.output)")
            // Migrated before the server listened: the first request finds the table.
            let client = TestServer(port: port)
            let created = try await client.request(
                "POST", "/v1/reports/found", headers: [("Content-Type", "application/json")],
                body: Array(ExampleRequests.foundBody.utf8))
            #expect(created.status == 201, "\(created.body)")
            let location = try #require(created.header("location"))
            #expect(try await client.request(location).status == 200)
            let listening = try #require(server.output.range(of: "listening on"))
            let opened = try #require(server.output.range(of: "reports store open"), "\(server.output)")
            #expect(opened.lowerBound < listening.lowerBound, "the store was ready before the server listened")

            kill(server.process.processIdentifier, SIGTERM)
            #expect(await eventually(hangGuard) { !server.process.isRunning })
            #expect(server.process.terminationReason == .exit)
            #expect(server.process.terminationStatus == 0, "\(server.output)")
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }

    @Test func aPostgresServerThatIsDownStopsServeBeforeItListens() async throws {
        let run = try await ProcessRun.run(
            PetSpotBinary.url, ["serve", "--port", "0", "--store", "postgres://petspot@127.0.0.1:1/reports"],
            timeout: .seconds(60))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("cannot reach PostgreSQL at 127.0.0.1:1"), "\(run.stderr)")
        #expect(!run.stderr.contains("listening on"), "\(run.stderr)")
    }
}
