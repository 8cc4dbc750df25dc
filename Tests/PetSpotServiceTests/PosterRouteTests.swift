import Foundation
import PetSpotService
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// A report's printable poster (`/pets/{id}/poster`, issue 46 item 2) on a real server over a
/// real SQLite store: the headline, the facts, the QR code of the card's absolute address as
/// inline SVG; what a stranger may read only — no phone, email, caregiver address or exact
/// place of a missing report (issue 47), whoever asks; 400 for a paper there is not, 404 for a
/// report there is not.
@Suite(.serialized, .timeLimit(.minutes(3)), .enabled(if: QRCodeLibrary.shouldRun, "libqrencode is not installed"))
struct PosterRouteTests {
    static let json = [("Content-Type", "application/json")]
    /// The owner's front door, to 9 decimals: the poster may show neither `52.2297` nor `21.0122`.
    static let missing = Array(
        #"{"lastSeenDate":"2025-11-17","species":"DOG","breed":"Beagle","gender":"FEMALE","locationLatitude":52.229712345,"locationLongitude":21.012298765,"locationRadius":5,"description":"Red collar. Call +48600100200 or o@example.com.","reward":"500 PLN","phone":"+48600100200","email":"o@example.com"}"#
            .utf8)
    /// A found cat with its finder's contacts and the caregiver's address (the share tags' own).
    static let found = ShareTagsRouteTests.found
    static let secrets = [
        "600100200", "o@example.com", "52.2297", "21.0122", "600 111", "600111", "finder@", "Prosta", "600 333",
    ]

    /// A real server over a real SQLite store that keeps the photos (the share tags' own).
    static func withServer(_ body: @Sendable (TestServer) async throws -> Void) async throws {
        try await ShareTagsRouteTests.withServer(body)
    }

    /// Makes a report; its id and owner token.
    static func post(_ server: TestServer, _ kind: String, _ body: [UInt8]) async throws -> (String, String) {
        let created = try await server.request("POST", "/v1/reports/\(kind)", headers: json, body: body)
        #expect(created.status == 201, "\(created.body)")
        return (
            try #require(try created.object["id"] as? String), try #require(try created.object["ownerToken"] as? String)
        )
    }

    @Test func aMissingReportsPosterHasItsFactsAndTheCardsQRCodeAndNoContactOrExactPlace() async throws {
        try await Self.withServer { server in
            let (id, token) = try await Self.post(server, "missing", Self.missing)
            // The same poster for a stranger and for the owner: the phone is added in the browser.
            for headers in [[], [("Authorization", "Bearer \(token)")], ExampleRequests.asOperator] {
                let poster = try await server.request("/pets/\(id)/poster", headers: headers)
                #expect(poster.status == 200, "\(poster.body)")
                #expect(poster.header("Content-Type") == "text/html; charset=utf-8")
                let html = poster.body
                #expect(html.contains("MISSING DOG"))
                #expect(html.contains("Beagle") && html.contains("near Warsaw") && html.contains("Nov 17, 2025"))
                #expect(html.contains("Reward: 500 PLN"))
                #expect(html.contains("Red collar. Call \u{2026} or \u{2026}."), "contacts cut out of the description")
                #expect(html.contains("/report/assets/poster-a4.css"))
                // One inline SVG, one path, named for a screen reader with the card's address.
                let link = server.url("/pets/\(id)")
                #expect(html.contains("role=\"img\" aria-label=\"QR code: \(link)\""), "\(html)")
                #expect(html.components(separatedBy: "<svg").count == 2)
                #expect(html.components(separatedBy: "<path").count == 2)
                #expect(html.contains("data-testid=\"poster.noPhoto\""))
                #expect(html.components(separatedBy: "data-testid=\"poster.strip\"").count == 9)
                for secret in Self.secrets { #expect(!html.contains(secret), "the poster shows \(secret)") }
            }
        }
    }

    @Test func aFoundReportsPosterSaysFoundEscapesItsTextsAndShowsNoCaregiverAddress() async throws {
        try await Self.withServer { server in
            let (id, _) = try await Self.post(server, "found", Self.found)
            let put = try await server.request(
                "PUT", "/v1/reports/\(id)/photo",
                headers: [("Content-Type", "application/octet-stream")] + ExampleRequests.asOperator,
                body: ReportPhotosTests.png(2_000))
            #expect(put.status == 200, "\(put.body)")
            let poster = try await server.request("/pets/\(id)/poster?paper=letter")
            #expect(poster.status == 200, "\(poster.body)")
            let html = poster.body
            #expect(html.contains("FOUND CAT"))
            #expect(html.contains("Tabby &quot;&lt;b&gt;&quot;") && !html.contains("<b>"))
            #expect(html.contains("/report/assets/poster-letter.css") && !html.contains("poster-a4.css"))
            #expect(html.contains("src=\"/v1/reports/\(id)/photo\""))
            #expect(!html.contains("Reward"))
            for secret in Self.secrets { #expect(!html.contains(secret), "the poster shows \(secret)") }
            // The QR code's address follows the host the request named.
            let named = try await server.request(
                "/pets/\(id)/poster", headers: [("Host", "localhost:\(server.port)")])
            #expect(named.body.contains("aria-label=\"QR code: http://localhost:\(server.port)/pets/\(id)\""))
        }
    }

    @Test func withAPublicURLTheQRCodeLeadsThereWhateverTheRequestsHost() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        var configuration = ServiceConfiguration(
            limits: .unlimitedRate, logger: TestServer.quietLogger, reports: store, today: ReportRoutesTests.today)
        configuration.publicURL = try PublicURL("https://petspot.example/lost/")
        try await TestServer.with(configuration) { server in
            let (id, _) = try await Self.post(server, "missing", Self.missing)
            let poster = try await server.request("/pets/\(id)/poster")
            #expect(poster.body.contains("aria-label=\"QR code: https://petspot.example/lost/pets/\(id)\""))
            #expect(poster.body.contains(">petspot.example/lost/pets/\(id)<"), "the strips' short link")
        }
        await store.close()
    }

    @Test func anotherPaperOrParameterIsABadRequestThatSaysWhatToAsk() async throws {
        try await Self.withServer { server in
            let (id, _) = try await Self.post(server, "missing", Self.missing)
            let tabloid = try await server.request("/pets/\(id)/poster?paper=tabloid")
            #expect(tabloid.status == 400)
            #expect(tabloid.header("Content-Type") == "text/html; charset=utf-8", "a page a person reads")
            #expect(tabloid.body.contains("data-testid=\"poster.badRequest.heading\""))
            #expect(tabloid.body.contains("paper=a4") && tabloid.body.contains("paper=letter"), "\(tabloid.body)")
            let other = try await server.request("/pets/\(id)/poster?size=a4")
            #expect(other.status == 400)
            #expect(try await server.request("/pets/\(id)/poster?paper=LETTER").status == 200)
        }
    }

    @Test func aReportThereIsNotHasNoPoster() async throws {
        try await Self.withServer { server in
            let unknown = try await server.request("/pets/r-000000000000/poster")
            #expect(unknown.status == 404, "\(unknown.body)")
            #expect(unknown.header("Content-Type") == "text/html; charset=utf-8")
            #expect(unknown.body.contains("This report is not here"), "\(unknown.body)")
            let impossible = try await server.request("/pets/%3Cscript%3E/poster")
            #expect(impossible.status == 404)
            #expect(!impossible.body.contains("<script>"))
        }
    }
}

/// Whether the poster tests run: with libqrencode installed, and always under CI (where a
/// missing library fails them).
enum QRCodeLibrary {
    static let shouldRun =
        ProcessInfo.processInfo.environment["CI"] == "true"
        || FileManager.default.fileExists(atPath: "/usr/lib/x86_64-linux-gnu/libqrencode.so.4")
}
