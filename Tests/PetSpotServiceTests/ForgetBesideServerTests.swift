import Foundation
import LocationTestSupport
import ReportStore
import ReportStoreTestSupport
import Testing

/// `petspot reports forget EMAIL` beside a running `petspot serve` (issue 47, item 7): the
/// address's reports and photos leave the server's answers as a `DELETE` makes them leave —
/// its nearby search, the report, the photo — on SQLite and on PostgreSQL.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ForgetBesideServerTests {
    /// A 1 × 1 PNG the photo rules take, in base64.
    static let photo = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAAAAAAAAAAAAAElEQVQAAAAAAAAAAElFTkQAAAAA"

    /// An archive line: an open missing report `id` at Warsaw's centre with contact `email`.
    static func line(_ id: String, email: String, photo: Bool = false) -> String {
        let photoJSON = photo ? #"{"type":"PNG","data":"\#(Self.photo)"}"# : "null"
        return #"{"id":"\#(id)","kind":"missing","status":"ACTIVE","locationLatitude":52.2297,"#
            + #""locationLongitude":21.0122,"locationRadius":5,"email":"\#(email)","photo":\#(photoJSON)}"#
    }

    /// Runs a server on `store`, stores two reports of the owner (one with a photo) and one of
    /// someone else with the command line, forgets the owner beside the server, and checks
    /// what the server answers before and after.
    static func forgetBesideAServer(store: String, folder: TemporaryStoreFolder) async throws {
        let server = try ServeCommandTests.Server(["--store", store, "--log-level", "error"])
        defer { server.stop() }
        let port = try #require(await server.port(), "\(server.output)")
        let client = TestServer(port: port)
        let archive = folder.path + ".jsonl"
        let lines = [
            line("a", email: "Owner@Example.COM", photo: true), line("b", email: "owner@example.com"),
            line("c", email: "other@example.com"),
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: archive))
        let imported = try await ReportArchiveTests.petspot(folder, ["reports", "import", archive, "--store", store])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(await eventually { (try? await SQLiteStoreOperationsTests.nearbyIDs(port)) == ["a", "b", "c"] })
        #expect(try await client.request("/v1/reports/a/photo").status == 200)

        let forgot = try await ReportArchiveTests.petspot(
            folder, ["reports", "forget", " OWNER@example.com ", "--store", store])
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(
            forgot.stdout
                == "Removed a (missing) and its photo.\nRemoved b (missing).\n"
                + "Removed 2 reports of OWNER@example.com and 1 photo.\n")
        #expect(
            await eventually { (try? await SQLiteStoreOperationsTests.nearbyIDs(port)) == ["c"] },
            "the server's nearby search drops the forgotten reports")
        #expect(try await client.request("/v1/reports/a").status == 404)
        #expect(try await client.request("/v1/reports/a/photo").status == 404)
        #expect(try await client.request("/v1/reports/c").status == 200)
    }

    @Test func forgettingBesideAnSQLiteServerDropsTheReportsFromItsAnswers() async throws {
        let folder = try TemporaryStoreFolder()
        try await Self.forgetBesideAServer(store: "sqlite:" + folder.path, folder: folder)
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func forgettingBesideAPostgresServerDropsTheReportsFromItsAnswers() async throws {
        let folder = try TemporaryStoreFolder()
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let store = "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)"
            try await Self.forgetBesideAServer(store: store, folder: folder)
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }
}
