import Foundation
import PetSpotService
import PhotoTestSupport
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import Testing

/// A sighting's photo over HTTP (issue 46) on a real server over SQLite, and PostgreSQL: only
/// its maker or the operator puts it, it is kept without its metadata (no GPS), served with
/// its tag, listed as the sighting's `photoUrl`, refused as a report's photo is, and gone
/// with its sighting.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct SightingPhotoRoutesTests {
    static let octets = [("Content-Type", "application/octet-stream")]

    @Test func theMakersPhotoIsServedWithoutGPSListedRefusedAsAReportsAndGoneWithItsSighting() async throws {
        try await SightingRoutesTests.withServer { server in try await Self.photoRoutes(server) }
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func sightingPhotosOnPostgresKeepTheSameRules() async throws {
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            try await PostgresReportStore.withStore(address) { store in
                try await TestServer.with(try SightingRoutesTests.configuration(store)) { server in
                    try await Self.photoRoutes(server)
                }
            }
        } catch {
            Issue.record("\(error)\n\(database.logText.suffix(2000))")
        }
        await database.stop()
    }

    static func put(_ server: TestServer, _ path: String, _ bytes: [UInt8], _ auth: [(String, String)]) async throws
        -> Answer
    {
        try await server.request("PUT", path, headers: octets + auth, body: bytes)
    }

    /// Every rule of the photo routes, on `server`.
    static func photoRoutes(_ server: TestServer) async throws {
        let (id, owner) = try await SightingRoutesTests.missing(server)
        var made: [(id: String, token: String)] = []
        for _ in 0..<2 {
            let object = try await SightingRoutesTests.sight(server, id, SightingRoutesTests.body()).object
            made.append((try #require(object["id"] as? String), try #require(object["ownerToken"] as? String)))
        }
        let path = "/v1/reports/\(id)/sightings/\(made[0].id)/photo"
        let maker = ReportOwnersTests.bearer(made[0].token)
        let photo = SamplePhotos.jpeg
        #expect(try await server.request(path).status == 404, "no photo yet")
        #expect(try await Self.put(server, path, photo, []).status == 401)
        for stranger in [
            ExampleRequests.asStranger, ReportOwnersTests.bearer(made[1].token), ReportOwnersTests.bearer(owner),
        ] {
            let refused = try await Self.put(server, path, photo, stranger)
            #expect(refused.status == 403, "\(stranger): \(refused.body)")
        }
        let unknown = "/v1/reports/\(id)/sightings/sig-none/photo"
        #expect(try await Self.put(server, unknown, photo, maker).status == 404)
        #expect(try await server.request(unknown).status == 404)
        let (other, _) = try await SightingRoutesTests.missing(server)
        let elsewhere = "/v1/reports/\(other)/sightings/\(made[0].id)/photo"
        #expect(try await Self.put(server, elsewhere, photo, ExampleRequests.asOperator).status == 404)

        let kept = try await Self.put(server, path, photo, maker)
        #expect(kept.status == 200, "\(kept.body)")
        #expect(try kept.object["url"] as? String == path && kept.object["mimeType"] as? String == "image/jpeg")
        let got = try await server.request(path)
        #expect(got.status == 200 && got.header("content-type") == "image/jpeg")
        #expect(got.header("cache-control") == "public, no-cache")
        #expect(!contains(got.bytes, "Apple") && !contains(got.bytes, "Jan's home") && got.bytes.count < photo.count)
        if PhotoTools.path(of: "exiftool") != nil {
            let tags = try await ExifToolReading.tags(of: got.bytes)
            #expect(!tags.keys.contains { $0.contains("GPS") }, "\(tags)")
            #expect(ExifToolReading.identifying(tags) == [], "\(tags)")
        }
        let tag = try #require(got.header("etag"))
        let again = try await server.request(path, headers: [("If-None-Match", tag)])
        #expect(again.status == 304 && again.bytes.isEmpty)
        let listed = try await SightingRoutesTests.listed(server, id, ExampleRequests.asStranger)
        #expect(listed.first { $0["id"] as? String == made[0].id }?["photoUrl"] as? String == path)
        #expect(listed.first { $0["id"] as? String == made[1].id }?["photoUrl"] == nil)

        let byOperator = try await Self.put(server, path, SamplePhotos.png, ExampleRequests.asOperator)
        #expect(byOperator.status == 200, "\(byOperator.body)")
        #expect(try await Self.put(server, path, ReportPhotosTests.png(10_000_001), maker).status == 413)
        let text = try await Self.put(server, path, Array("hello".utf8), maker)
        #expect(text.status == 415 && text.header("content-type") == "application/problem+json")
        #expect(try await Self.put(server, path, [], maker).status == 422)
        #expect(try await server.request(path).header("content-type") == "image/png", "a refused photo keeps the last")

        let hidden = try await server.request(
            "DELETE", "/v1/reports/\(id)/sightings/\(made[0].id)", headers: ReportOwnersTests.bearer(owner))
        #expect(hidden.status == 204)
        #expect(try await server.request(path).status == 404, "a hidden sighting's photo is gone")
        let second = "/v1/reports/\(id)/sightings/\(made[1].id)/photo"
        #expect(try await Self.put(server, second, photo, ReportOwnersTests.bearer(made[1].token)).status == 200)
        #expect(
            try await server.request("DELETE", "/v1/reports/\(id)", headers: ReportOwnersTests.bearer(owner)).status
                == 204)
        #expect(try await server.request(second).status == 404, "a removed report's sightings' photos are gone")
    }

    static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return false }
        return (0...(bytes.count - needle.count)).contains { Array(bytes[$0..<($0 + needle.count)]) == needle }
    }
}
