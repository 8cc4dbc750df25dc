import Foundation
import PetSpotService
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// The shared tags of a card's page (`/pets/{id}`: Open Graph, Twitter card) on a real server
/// over a real SQLite store: what a stranger may read of the report — its kind, species, breed,
/// the place by its public cell's nearest town — with absolute links on the request's host, and
/// never a contact or the exact place of a missing report.
@Suite(.serialized, .timeLimit(.minutes(3)))
struct ShareTagsRouteTests {
    static let json = [("Content-Type", "application/json")]
    /// The owner's front door, to 9 decimals: the page may show neither `52.2297` nor `21.0122`.
    static let missing = Array(
        #"{"lastSeenDate":"2025-11-17","species":"DOG","breed":"Beagle","gender":"FEMALE","locationLatitude":52.229712345,"locationLongitude":21.012298765,"locationRadius":5,"description":"Red collar. Call +48600100200 or o@example.com.","phone":"+48600100200","email":"o@example.com"}"#
            .utf8)
    static let found = Array(
        #"{"lastSeenDate":"2025-11-18","species":"CAT","breed":"Tabby \"<b>\"","gender":"MALE","locationLatitude":52.24,"locationLongitude":21.02,"phone":"+48 600 111 222","email":"finder@example.com","caregiverPhone":"+48 600 333 444","currentAddress":"ul. Prosta 1, Warszawa"}"#
            .utf8)
    static let secrets = ["600100200", "o@example.com", "52.2297", "21.0122", "600 111", "600111", "finder@", "Prosta"]

    static func withServer(_ body: @Sendable (TestServer) async throws -> Void) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(
            ServiceConfiguration(
                limits: .unlimitedRate, operatorToken: try OperatorToken(secret: ExampleRequests.operatorSecret),
                logger: TestServer.quietLogger, reports: store, photos: StoreKeptPhotos(store),
                today: ReportRoutesTests.today)
        ) { server in try await body(server) }
        await store.close()
    }

    static func post(_ server: TestServer, _ kind: String, _ body: [UInt8]) async throws -> String {
        let created = try await server.request("POST", "/v1/reports/\(kind)", headers: json, body: body)
        #expect(created.status == 201, "\(created.body)")
        return try #require(try created.object["id"] as? String)
    }

    /// `<meta property="NAME" content="…">` (or `name="NAME"`) of `html`, its content as written.
    static func tag(_ name: String, in html: String) -> String? {
        for attribute in ["property", "name"] {
            let start = "<meta \(attribute)=\"\(name)\" content=\""
            guard let after = html.components(separatedBy: start).dropFirst().first else { continue }
            return after.components(separatedBy: "\">").first
        }
        return nil
    }

    @Test func aMissingReportsPageNamesItsPublicPlaceAndPhotoWithAbsoluteLinksAndNoContact() async throws {
        try await Self.withServer { server in
            let id = try await Self.post(server, "missing", Self.missing)
            let put = try await server.request(
                "PUT", "/v1/reports/\(id)/photo",
                headers: [("Content-Type", "application/octet-stream")] + ExampleRequests.asOperator,
                body: ReportPhotosTests.png(2_000))
            #expect(put.status == 200, "\(put.body)")
            let page = try await server.request("/pets/\(id)")
            #expect(page.status == 200)
            let html = page.body
            #expect(Self.tag("og:title", in: html) == "Missing dog: Beagle, near Warsaw", "\(html)")
            #expect(Self.tag("og:type", in: html) == "website")
            #expect(Self.tag("og:url", in: html) == server.url("/pets/\(id)"))
            #expect(Self.tag("og:image", in: html) == server.url("/v1/reports/\(id)/photo"))
            #expect(Self.tag("twitter:card", in: html) == "summary_large_image")
            let description = try #require(Self.tag("og:description", in: html))
            #expect(
                description.hasPrefix("Last seen Nov 17, 2025 \u{00B7} Beagle \u{00B7} Red collar."), "\(description)")
            for secret in Self.secrets { #expect(!html.contains(secret), "the page shows \(secret)") }
            // The links follow the host the request named.
            let named = try await server.request("/pets/\(id)", headers: [("Host", "localhost:\(server.port)")])
            #expect(Self.tag("og:url", in: named.body) == "http://localhost:\(server.port)/pets/\(id)")
        }
    }

    @Test func aFoundReportsPageSaysFoundEscapesItsTextsAndHasNoImageWithoutAPhoto() async throws {
        try await Self.withServer { server in
            let id = try await Self.post(server, "found", Self.found)
            let page = try await server.request("/pets/\(id)")
            #expect(page.status == 200)
            let title = try #require(Self.tag("og:title", in: page.body), "\(page.body)")
            #expect(title.hasPrefix("Found cat: Tabby &quot;&lt;b&gt;&quot;"), "\(title)")
            #expect(Self.tag("og:description", in: page.body)?.hasPrefix("Found Nov 18, 2025") == true)
            #expect(Self.tag("og:image", in: page.body) == nil)
            #expect(Self.tag("twitter:card", in: page.body) == "summary")
            #expect(!page.body.contains("<b>"))
            for secret in Self.secrets { #expect(!page.body.contains(secret), "the page shows \(secret)") }
        }
    }

    @Test func aPageOfNoReportAnswersAsBeforeWithTheGenericTags() async throws {
        try await Self.withServer { server in
            let page = try await server.request("/pets/r-404")
            #expect(page.status == 200)
            #expect(Self.tag("og:title", in: page.body) == "Pet details \u{00B7} PetSpot")
            #expect(Self.tag("og:url", in: page.body) == server.url("/pets/r-404"))
            #expect(Self.tag("og:description", in: page.body) == nil)
            #expect(try await server.request("/pets/a%20b").status == 404)
        }
        try await TestServer.with { server in
            let page = try await server.request("/pets/r-1")
            #expect(page.status == 200)
            #expect(Self.tag("og:url", in: page.body) == server.url("/pets/r-1"))
        }
    }
}
