import Foundation
import PetSpotService
import PhotoTestSupport
import ReportSteps
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// `PUT`/`GET /v1/reports/{id}/photo`: a stored report's photo, kept in the store with the
/// report (as `petspot serve` keeps it), checked by the report's flow's photo rule.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportPhotoRoutesTests {
    /// A photo's bytes, sent as the operator (owners are ReportOwnersTests').
    static let octets = [("Content-Type", "application/octet-stream")] + ExampleRequests.asOperator

    /// A server over a fresh SQLite store that keeps its photos.
    static func withStore(
        _ body: @Sendable (TestServer, SQLiteReportStore, StoreKeptPhotos) async throws -> Void
    ) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        let photos = StoreKeptPhotos(store)
        try await TestServer.with(
            ServiceConfiguration(
                operatorToken: try OperatorToken(secret: ExampleRequests.operatorSecret),
                logger: TestServer.quietLogger, reports: store, photos: photos, today: ReportRoutesTests.today)
        ) { server in try await body(server, store, photos) }
        await store.close()
    }

    /// Posts a report of `kind` and answers its id.
    static func create(_ server: TestServer, _ kind: String) async throws -> String {
        let body = kind == "found" ? ReportRoutesTests.foundBody : ReportRoutesTests.missingBody
        let created = try await server.request(
            "POST", "/v1/reports/\(kind)", headers: ReportRoutesTests.json, body: Array(body.utf8))
        #expect(created.status == 201, "\(created.body)")
        return try #require(try created.object["id"] as? String)
    }

    /// `PUT /v1/reports/{id}/photo` with `bytes`.
    static func put(_ server: TestServer, _ id: String, _ bytes: [UInt8]) async throws -> Answer {
        try await server.request("PUT", "/v1/reports/\(id)/photo", headers: octets, body: bytes)
    }

    static func card(_ server: TestServer, _ id: String) async throws -> [String: Any] {
        let card = try await server.request("/v1/reports/\(id)/card")
        #expect(card.status == 200, "\(card.body)")
        return try card.object
    }

    @Test func aPutPhotoIsServedBackWithItsTypeAndNamedOnTheCard() async throws {
        try await Self.withStore { server, _, photos in
            let id = try await Self.create(server, "found")
            #expect(try await Self.card(server, id)["photoText"] as? String == "Image not available")
            #expect(try await server.request("/v1/reports/\(id)/photo").status == 404)
            let png = ReportPhotosTests.png(300_000)
            let put = try await Self.put(server, id, png)
            #expect(put.status == 200, "\(put.body)")
            #expect(try put.object["type"] as? String == "PNG")
            #expect(try put.object["url"] as? String == "/v1/reports/\(id)/photo")
            let got = try await server.request("/v1/reports/\(id)/photo")
            #expect(got.status == 200)
            #expect(got.header("content-type") == "image/png")
            #expect(got.bytes == png)
            #expect(try await photos.type(id: id) == .png)
            let card = try await Self.card(server, id)
            #expect(card["photoUrl"] as? String == "/v1/reports/\(id)/photo")
            #expect(card["photoText"] as? String == "/v1/reports/\(id)/photo")
            // A JPEG replaces the PNG: one photo per report, served as what it is now.
            let jpeg = StructuredPhotos.jpeg(byteCount: 104, fill: 1)
            let replaced = try await Self.put(server, id, jpeg)
            #expect(replaced.status == 200, "\(replaced.body)")
            let again = try await server.request("/v1/reports/\(id)/photo")
            #expect(again.header("content-type") == "image/jpeg" && again.bytes == jpeg)
            #expect(try await photos.type(id: id) == .jpeg)
        }
    }

    @Test func photosSentAtOnceLeaveOneWholePhoto() async throws {
        try await Self.withStore { server, _, photos in
            let id = try await Self.create(server, "missing")
            let png = ReportPhotosTests.png(200_000)
            let jpeg = StructuredPhotos.jpeg(byteCount: 150_004, fill: 3)
            try await withThrowingTaskGroup(of: Int.self) { group in
                for index in 0..<24 {
                    group.addTask {
                        try await Self.put(
                            server, id, index % 2 == 0 ? png : jpeg
                        ).status
                    }
                }
                for try await status in group { #expect(status == 200) }
            }
            let kept = try await photos.photo(id: id)
            #expect(kept?.bytes == Data(png) || kept?.bytes == Data(jpeg))
            let got = try await server.request("/v1/reports/\(id)/photo")
            #expect(got.status == 200)
            #expect(got.bytes == png || got.bytes == jpeg)
        }
    }

    @Test func aRefusedPhotoGetsTheModelsMessageAndKeepsTheEarlierOne() async throws {
        try await Self.withStore { server, _, _ in
            let id = try await Self.create(server, "found")
            let png = ReportPhotosTests.png(1_000)
            #expect(
                try await Self.put(server, id, png).status
                    == 200)
            let text = try await server.request(
                "PUT", "/v1/reports/\(id)/photo", headers: [("Content-Type", "image/png")] + ExampleRequests.asOperator,
                body: Array("hello".utf8))
            #expect(text.status == 415)
            #expect(text.header("content-type") == "application/problem+json")
            #expect(
                try text.object["detail"] as? String
                    == "This file is not a JPG, PNG, HEIC, GIF or WEBP image. Choose a photo.")
            let gif = SamplePhotos.gif
            let foundGIF = try await Self.put(server, id, gif)
            #expect(foundGIF.status == 415)
            #expect(
                try foundGIF.object["detail"] as? String
                    == "GIF photos are not accepted here. Choose a PNG or JPG photo.")
            let large = try await Self.put(server, id, ReportPhotosTests.png(10_000_001))
            #expect(large.status == 413)
            #expect(
                try large.object["detail"] as? String
                    == "This photo is larger than 10 MB, the largest photo we take. Choose a smaller one.")
            let empty = try await Self.put(server, id, [])
            #expect(empty.status == 422)
            #expect(try empty.object["detail"] as? String == "This file is empty. Choose a photo.")
            let kept = try await server.request("/v1/reports/\(id)/photo")
            #expect(kept.status == 200 && kept.bytes == png, "a refused photo never replaces the stored one")
            // The Missing flow's rule takes a GIF.
            let missing = try await Self.create(server, "missing")
            let missingGIF = try await Self.put(server, missing, gif)
            #expect(missingGIF.status == 200, "\(missingGIF.body)")
            #expect(try await server.request("/v1/reports/\(missing)/photo").header("content-type") == "image/gif")
        }
    }

    @Test func anUnknownReportHasNoPhotoToPutOrGet() async throws {
        try await Self.withStore { server, _, photos in
            let png = ReportPhotosTests.png(100)
            let put = try await server.request(
                "PUT", "/v1/reports/r-0000000000000000/photo", headers: Self.octets, body: png)
            #expect(put.status == 404, "\(put.body)")
            #expect(try await server.request("/v1/reports/r-0000000000000000/photo").status == 404)
            let badID = try await server.request("PUT", "/v1/reports/a%2Fb/photo", headers: Self.octets, body: png)
            #expect(badID.status == 404)
            #expect(try await photos.photo(id: "r-0000000000000000") == nil, "nothing was written")
        }
    }

    @Test func removingTheReportRemovesItsPhoto() async throws {
        try await Self.withStore { server, _, photos in
            let id = try await Self.create(server, "missing")
            let png = ReportPhotosTests.png(500)
            #expect(
                try await Self.put(server, id, png).status
                    == 200)
            #expect(try await photos.type(id: id) == .png)
            #expect(
                try await server.request("DELETE", "/v1/reports/\(id)", headers: ExampleRequests.asOperator).status
                    == 204)
            #expect(try await photos.photo(id: id) == nil)
            #expect(try await server.request("/v1/reports/\(id)/photo").status == 404)
        }
    }

    @Test func aPhotoHasAnEntityTagAndAnUnchangedOneIsA304WithNoBody() async throws {
        try await Self.withStore { server, _, _ in
            let id = try await Self.create(server, "found")
            let png = ReportPhotosTests.png(2_000)
            #expect(try await Self.put(server, id, png).status == 200)
            let got = try await server.request("/v1/reports/\(id)/photo")
            let tag = try #require(got.header("etag"))
            #expect(tag == "\"\(ReportPhoto.tag(of: Data(png)))\"", "the bytes' SHA-256: the same on every server")
            #expect(got.header("cache-control") == "public, no-cache")
            for matching in [tag, "\"other\", \(tag)", "W/\(tag)", "*"] {
                let unchanged = try await server.request(
                    "GET", "/v1/reports/\(id)/photo", headers: [("If-None-Match", matching)])
                #expect(unchanged.status == 304, "If-None-Match: \(matching)")
                #expect(unchanged.bytes.isEmpty && unchanged.header("etag") == tag)
            }
            let other = try await server.request(
                "GET", "/v1/reports/\(id)/photo", headers: [("If-None-Match", "\"0123\"")])
            #expect(other.status == 200 && other.bytes == png)
            // A new photo has a new tag: the old one gets the new bytes.
            let jpeg = StructuredPhotos.jpeg(byteCount: 68, fill: 5)
            #expect(try await Self.put(server, id, jpeg).status == 200)
            let changed = try await server.request(
                "GET", "/v1/reports/\(id)/photo", headers: [("If-None-Match", tag)])
            #expect(changed.status == 200 && changed.bytes == jpeg && changed.header("etag") != tag)
        }
    }

    @Test func thePhotosFolderIsBesideTheStore() {
        #expect(ReportPhotoFolder(beside: .sqlite(path: "/data/reports.sqlite")).path == "/data/reports-photos")
        #expect(ReportPhotoFolder(beside: .sqlite(path: "/data/db")).path == "/data/db-photos")
        let postgres = StoreURL.postgres(.init(user: "petspot", host: "127.0.0.1", database: "reports"))
        #expect(
            ReportPhotoFolder(beside: postgres, environment: ["XDG_DATA_HOME": "/xdg"]).path == "/xdg/petspot/photos")
        #expect(
            ReportPhotoFolder(beside: postgres, environment: ["HOME": "/home/ann"]).path
                == "/home/ann/.local/share/petspot/photos")
    }

    @Test func withoutAPhotosFolderThePhotoRoutesAnswer503() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(ServiceConfiguration(logger: TestServer.quietLogger, reports: store)) { server in
            let answer = try await server.request(
                "PUT", "/v1/reports/r-0000000000000000/photo", headers: Self.octets, body: [1])
            #expect(answer.status == 503)
            #expect(try answer.object["reason"] as? String == "noPhotos")
        }
        await store.close()
    }
}
