import Foundation
import Geodata
import PetSpotService
import ReportSteps
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// `/v1/reports…` on a live server over a real SQLite store, through AsyncHTTPClient.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportRoutesTests {
    /// 18 November 2025, so that the dates below are never "in the future".
    static let today = Today.fixed((try? CalendarDay(year: 2025, month: 11, day: 18)) ?? CalendarDay(daysSince1970: 0))

    /// What `petspot report missing` prints, with the store's extras.
    static let missingBody = """
        {"flow":"missing","steps":"2-3","photo":{"filename":"luna.jpg","type":"JPG","mimeType":"image/jpeg","byteCount":123},
         "lastSeenDate":"2025-11-17","species":"dog","breed":"Beagle","gender":"FEMALE",
         "approximateAge":3,"locationLatitude":52.2297,"locationLongitude":21.0122,"description":"Red collar",
         "location":"Warsaw","locationRadius":15,"phone":"+48 123 456 789","email":"owner@example.com"}
        """

    /// What `petspot report found` prints (FoundReportPayload).
    static let foundBody = """
        {"status":"FOUND","lastSeenDate":"2025-11-18","species":"CAT","gender":"MALE",
         "locationLatitude":52.25,"locationLongitude":21.0,"microchipNumber":"123456789012345",
         "phone":"+48123456789","email":"finder@example.com"}
        """

    static let json = [("Content-Type", "application/json")]

    /// A server over a fresh SQLite store.
    static func withStore(_ body: @Sendable (TestServer, SQLiteReportStore) async throws -> Void) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(
            ServiceConfiguration(
                logger: TestServer.quietLogger, reports: store, photos: InMemoryReportPhotos(), today: today)
        ) { server in try await body(server, store) }
        await store.close()
    }

    @Test func aPostedMissingReportIsCreatedReadAndFoundNearby() async throws {
        try await Self.withStore { server, _ in
            let created = try await server.request(
                "POST", "/v1/reports/missing", headers: Self.json, body: Array(Self.missingBody.utf8))
            #expect(created.status == 201, "\(created.body)")
            let location = try #require(created.header("location"))
            #expect(location.hasPrefix("/v1/reports/r-"))
            // The owner's read (a stranger's shows the place's grid cell: PublicLocationRouteTests)
            // is the answer to POST, less the owner token given only then.
            let token = try #require(try created.object["ownerToken"] as? String)
            let read = try await server.request(location, headers: [("Authorization", "Bearer \(token)")])
            #expect(read.status == 200)
            var expected = try created.object
            expected["ownerToken"] = nil
            #expect(NSDictionary(dictionary: try read.object) == NSDictionary(dictionary: expected))
            let object = try read.object
            #expect(object["status"] as? String == "ACTIVE" && object["kind"] as? String == "missing")
            #expect(object["species"] as? String == "DOG" && object["breed"] as? String == "Beagle")
            #expect(object["lastSeenDate"] as? String == "2025-11-17" && object["approximateAge"] as? Int == 3)
            #expect(object["locationRadius"] as? Double == 15 && object["phone"] as? String == "+48123456789")
            let id = try #require(object["id"] as? String)
            let owner = [("Authorization", "Bearer \(try #require(try created.object["ownerToken"] as? String))")]
            let near = try await server.request("/v1/reports/nearby?from=52.25,21.0&limit=5")
            #expect(near.status == 200)
            let matches = try #require(try near.object["matches"] as? [[String: Any]])
            #expect(matches.map { $0["id"] as? String } == [id])
            let closed = try await server.request(
                "PATCH", location, headers: Self.json + owner, body: Array(#"{"status":"CLOSED"}"#.utf8))
            #expect(closed.status == 200)
            #expect(try closed.object["status"] as? String == "CLOSED")
            let after = try await server.request("/v1/reports/nearby?from=52.25,21.0")
            #expect((try after.object["matches"] as? [Any])?.isEmpty == true)
            let deleted = try await server.request("DELETE", location, headers: owner)
            #expect(deleted.status == 204 && deleted.body.isEmpty)
            let gone = try await server.request(location)
            #expect(gone.status == 404 && gone.header("content-type") == "application/problem+json")
            #expect(try gone.object["reason"] as? String == "reportNotFound", "a page can tell it from a missing route")
            let noRoute = try await server.request("/v1/no-such-route")
            #expect(try noRoute.object["reason"] == nil)
        }
    }

    @Test func aPostedFoundReportKeepsThePayloadsFields() async throws {
        try await Self.withStore { server, store in
            let created = try await server.request(
                "POST", "/v1/reports/found", headers: Self.json, body: Array(Self.foundBody.utf8))
            #expect(created.status == 201, "\(created.body)")
            let id = try #require(try created.object["id"] as? String)
            let report = try await store.report(id: id)
            #expect(report.kind == .found && report.status == .found)
            #expect(report.microchipNumber == "123456789012345" && report.email == "finder@example.com")
            #expect(report.coordinate?.latitude.degrees == 52.25)
        }
    }

    @Test func everyFieldErrorIsListedWithTheStepModelsMessages() async throws {
        try await Self.withStore { server, store in
            let missing = try await server.request(
                "POST", "/v1/reports/missing", headers: Self.json,
                body: Array(
                    #"{"species":"lizard","approximateAge":"41","locationLatitude":95,"locationLongitude":"","phone":"12"}"#
                        .utf8))
            #expect(missing.status == 422, "\(missing.body)")
            let errors = try #require(try missing.object["errors"] as? [[String: String]])
            let byField = Dictionary(errors.map { ($0["field"] ?? "", $0["message"] ?? "") }, uniquingKeysWith: { $1 })
            #expect(byField["species"] == "\"lizard\" is not one of the species (Dog, Cat, Bird, Rabbit, Other)")
            #expect(byField["gender"] == AnimalDescriptionCopy.genderRequired)
            #expect(byField["approximateAge"] == AnimalDescriptionCopy.ageInvalid)
            #expect(byField["locationLatitude"] == "Must be between -90 and 90")
            #expect(byField["phone"] == FoundFlowCopy.Contact.phoneInvalid)
            // Contact details (4/4): neither a phone nor an email is refused on both fields,
            // so every stored report has the contact its card needs (spec 003).
            let noContact = try await server.request(
                "POST", "/v1/reports/missing", headers: Self.json,
                body: Array(#"{"species":"dog","gender":"FEMALE","phone":" "}"#.utf8))
            #expect(noContact.status == 422, "\(noContact.body)")
            let contactErrors = try #require(try noContact.object["errors"] as? [[String: String]])
            #expect(contactErrors.filter { $0["field"] == "phone" || $0["field"] == "email" }.count == 2)
            #expect(
                contactErrors.contains { $0["field"] == "email" && $0["message"] == "Enter a phone number or an email" }
            )
            let found = try await server.request(
                "POST", "/v1/reports/found", headers: Self.json, body: Array("{}".utf8))
            #expect(found.status == 422)
            let foundFields = try #require(try found.object["errors"] as? [[String: String]]).map { $0["field"] ?? "" }
            #expect(
                foundFields == [
                    "lastSeenDate", "species", "gender", "locationLatitude", "locationLongitude", "phone", "email",
                ])
            #expect(found.body.contains(FoundFlowCopy.PetDetails.dateRequired))
            #expect(try await store.count() == 0)
        }
    }

    @Test func hostileBodiesGetClientErrorsAndStoreNothing() async throws {
        try await Self.withStore { server, store in
            let cases: [(headers: [(String, String)], body: [UInt8], status: Int)] = [
                (Self.json, Array("not json".utf8), 400),
                (Self.json, Array("[1,2]".utf8), 400),
                (Self.json, [], 400),
                (Self.json, Array(#"{"species":"dog","species":"cat"}"#.utf8), 400),
                ([("Content-Type", "text/plain")], Array(Self.missingBody.utf8), 415),
                ([], Array(Self.missingBody.utf8), 415),
                (Self.json, Array(repeating: UInt8(ascii: " "), count: 300 * 1024), 413),
                (Self.json, Array(#"{"species":{"a":1},"locationLatitude":true,"extra":1}"#.utf8), 422),
                (Self.json, [0xFF, 0xFE, 0x7B, 0x7D], 400),
            ]
            for (headers, body, status) in cases {
                for path in ["/v1/reports/missing", "/v1/reports/found"] {
                    let answer = try await server.request("POST", path, headers: headers, body: body)
                    #expect(
                        answer.status == status,
                        "\(path) \(String(decoding: body.prefix(40), as: UTF8.self)): \(answer.body)")
                    #expect(answer.header("content-type") == "application/problem+json")
                }
            }
            for (method, path, status) in [
                ("GET", "/v1/reports/nearby?from=95,1", 400), ("GET", "/v1/reports/nearby", 400),
                ("GET", "/v1/reports/nearby?from=1,1&limit=0", 400),
                ("GET", "/v1/reports/nearby?from=1,1&limit=1.5", 400),
                ("GET", "/v1/reports?kind=lost", 400), ("GET", "/v1/reports/%00bad", 404),
                ("GET", "/v1/reports/no-such", 404), ("DELETE", "/v1/reports/no-such", 404),
                ("PATCH", "/v1/reports/no-such", 404),
            ] {
                let answer = try await server.request(method, path)
                #expect(answer.status == status, "\(method) \(path): \(answer.body)")
            }
            // An unknown report is a 404 before its body is read (a bad status of a known one is a
            // 422: ExampleRequests).
            let patch = try await server.request(
                "PATCH", "/v1/reports/x", headers: Self.json, body: Array(#"{"status":"LOST"}"#.utf8))
            #expect(patch.status == 404, "\(patch.body)")
            #expect(try await store.count() == 0)
        }
    }

    @Test func withoutAStoreTheRoutesAnswer503() async throws {
        try await TestServer.with { server in
            let answer = try await server.request("/v1/reports/nearby?from=52.1,21.1")
            #expect(answer.status == 503)
            #expect(try answer.object["reason"] as? String == "noStore")
        }
    }
}

/// A store file in a fresh temporary folder, removed when released.
final class TemporaryStoreFolder: Sendable {
    let url: URL
    var path: String { url.appendingPathComponent("reports.sqlite").path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-serve-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
