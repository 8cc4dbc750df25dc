import Foundation
import LocationTestSupport
import ReportSteps
import ReportStore
import ReportStoreTestSupport
import Reports
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Two `petspot serve` processes on one PostgreSQL (started by the test): one truth for both.
/// A report and its photo made through A read back byte-identical through B, removed through B
/// they are gone on A (card, photo, list, nearest), an alerts client on B hears of a report
/// made on A, an earlier server's photo folder moves into the store, and A keeps serving when
/// B is killed.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ServeManyOnPostgresTests {
    static let json = [("Content-Type", "application/json")]

    @Test(.enabled(if: PostgresServer.shouldRun))
    func twoServersOnOnePostgresSeeTheSameReportsAndPhotos() async throws {
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            let url = "postgres://\(address.user)@\(address.host):\(address.port)/\(address.database)"
            // A report of an earlier server, whose photo is still a file in its folder.
            let old = FileManager.default.temporaryDirectory.path + "/petspot-old-photos-\(UUID())"
            defer { try? FileManager.default.removeItem(atPath: old) }
            let seeded = try await ProcessRun.run(
                PetSpotBinary.url, ["reports", "import", "-", "--store", url],
                stdin: "id,latitude,longitude,radiusKm\nold-1,52.2297,21.0122,15\n", timeout: .seconds(60))
            #expect(seeded.status == 0, "\(seeded.stderr)")
            let oldPhoto = ReportPhotosTests.png(4_000)
            try ReportPhotoFolder(path: old).write(Data(oldPhoto), type: .png, id: "old-1")

            let serverA = try ServeCommandTests.Server(["--store", url, "--photos", old, "--log-level", "info"])
            defer { serverA.stop() }
            let serverB = try ServeCommandTests.Server(["--store", url, "--photos", old + "-b", "--log-level", "info"])
            defer { serverB.stop() }
            let a = TestServer(port: try #require(await serverA.port(), "\(serverA.output)"))
            let b = TestServer(port: try #require(await serverB.port(), "\(serverB.output)"))

            // The earlier folder moved into the store before A listened: B serves the photo.
            let moved = try await b.request("/v1/reports/old-1/photo")
            #expect(moved.status == 200 && moved.bytes == oldPhoto, "\(serverA.output)")
            #expect(!FileManager.default.fileExists(atPath: old), "the emptied folder is gone")

            // An alerts client on B for the area; a report made through A reaches it (NOTIFY).
            let alerts = EventStreamClient(url: b.url("/v1/reports/updates?near=52.25,21&km=5"))
            defer { alerts.close() }
            #expect(await alerts.wait(hangGuard) { $0.comments.contains("connected") })
            // Made through A, with its photo: B reads both back, byte for byte, same tag.
            let created = try await a.request(
                "POST", "/v1/reports/found", headers: Self.json, body: Array(ExampleRequests.foundBody.utf8))
            let madeAt = ContinuousClock.now
            #expect(created.status == 201, "\(created.body)")
            let id = try #require(try created.object["id"] as? String)
            #expect(
                await alerts.wait(hangGuard) { $0.events.contains { $0.name == "created" && $0.data.contains(id) } })
            // Measured, not asserted against a guess of the machine's speed (Docs/Store.md).
            print("report alert from server A reached server B's client after \(ContinuousClock.now - madeAt)")
            let owner = [("Authorization", "Bearer \(try #require(try created.object["ownerToken"] as? String))")]
            let photo = ReportPhotosTests.png(250_000)
            let put = try await a.request(
                "PUT", "/v1/reports/\(id)/photo", headers: [("Content-Type", "image/png")] + owner, body: photo)
            #expect(put.status == 200, "\(put.body)")
            let throughB = try await b.request("/v1/reports/\(id)/photo")
            let throughA = try await a.request("/v1/reports/\(id)/photo")
            #expect(throughB.status == 200 && throughB.bytes == photo)
            #expect(throughB.header("etag") != nil && throughB.header("etag") == throughA.header("etag"))
            #expect(try await b.request("/v1/reports/\(id)/card").status == 200)
            let near = "/v1/reports?near=52.25,21&kind=found"
            #expect(try await Self.ids(b, near).contains(id), "B's nearest list has A's report")

            // Removed through B (by its owner): gone on A — card, photo, list, nearest.
            let removed = try await b.request("DELETE", "/v1/reports/\(id)", headers: owner)
            #expect(removed.status == 204, "\(removed.body)")
            #expect(try await a.request("/v1/reports/\(id)/card").status == 404)
            #expect(try await a.request("/v1/reports/\(id)/photo").status == 404)
            #expect(try await !Self.ids(a, "/v1/reports?kind=found").contains(id))
            #expect(try await !Self.ids(a, near).contains(id))
            #expect(try await Self.ids(a, "/v1/reports/nearby?from=52.23,21.01").contains("old-1"))

            // B killed outright: A goes on serving.
            kill(serverB.process.processIdentifier, SIGKILL)
            #expect(await eventually(hangGuard) { !serverB.process.isRunning })
            let after = try await a.request(
                "POST", "/v1/reports/found", headers: Self.json, body: Array(ExampleRequests.foundBody.utf8))
            #expect(after.status == 201, "\(after.body)")
            #expect(try await a.request("/readyz").status == 200)
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }

    /// The ids of a list or nearby answer (`reports` or `matches`).
    static func ids(_ server: TestServer, _ path: String) async throws -> [String] {
        let answer = try await server.request(path)
        #expect(answer.status == 200, "\(path): \(answer.body)")
        let object = try answer.object
        let items = (object["reports"] as? [[String: Any]]) ?? (object["matches"] as? [[String: Any]]) ?? []
        return items.compactMap { $0["id"] as? String }
    }
}
