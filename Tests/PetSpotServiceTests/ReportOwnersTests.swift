import Foundation
import PetSpotService
import ReportSteps
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// Owners and strangers, through a live server and AsyncHTTPClient: a report made over HTTP
/// is changed only with the owner token its POST (or Submit) gave once, or the operator's; a
/// report made on the command line is the operator's; the list hands out no contact details.
/// Before this, a stranger's PATCH, PUT photo and DELETE all succeeded (200, 200, 204).
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportOwnersTests {
    static let json = ReportRoutesTests.json
    static let asOperator = ExampleRequests.asOperator
    static let asStranger = ExampleRequests.asStranger

    /// A server with an operator token over a fresh SQLite store.
    static func withServer(_ body: @Sendable (TestServer, SQLiteReportStore) async throws -> Void) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(
            ServiceConfiguration(
                operatorToken: try OperatorToken(secret: ExampleRequests.operatorSecret),
                logger: TestServer.quietLogger, reports: store, photos: InMemoryReportPhotos(),
                today: ReportRoutesTests.today)
        ) { server in try await body(server, store) }
        await store.close()
    }

    /// Posts a report of `kind`: its id and the owner token given with it.
    static func create(_ server: TestServer, _ kind: String) async throws -> (id: String, token: String) {
        let body = kind == "found" ? ReportRoutesTests.foundBody : ReportRoutesTests.missingBody
        let created = try await server.request("POST", "/v1/reports/\(kind)", headers: json, body: Array(body.utf8))
        #expect(created.status == 201, "\(created.body)")
        let object = try created.object
        return (try #require(object["id"] as? String), try #require(object["ownerToken"] as? String))
    }

    static func bearer(_ token: String) -> [(String, String)] { [("Authorization", "Bearer \(token)")] }

    static func patch(_ server: TestServer, _ id: String, _ status: String, _ auth: [(String, String)]) async throws
        -> Answer
    {
        try await server.request(
            "PATCH", "/v1/reports/\(id)", headers: json + auth, body: Array(#"{"status":"\#(status)"}"#.utf8))
    }

    @Test func onlyTheOwnerOrTheOperatorChangesAReportMadeOverHTTP() async throws {
        try await Self.withServer { server, store in
            let (id, token) = try await Self.create(server, "missing")
            #expect(token.utf8.count == 43 && token.allSatisfy { $0.isLetter || $0.isNumber || "-_".contains($0) })
            let stored = try await store.report(id: id)
            #expect(stored.ownerTokenHash == OwnerToken.hash(of: token), "the store keeps the SHA-256 only")
            #expect(try await server.request("/v1/reports/\(id)").body.contains(token) == false, "given once")

            let anonymous = try await Self.patch(server, id, "CLOSED", [])
            #expect(anonymous.status == 401)
            #expect(anonymous.header("www-authenticate")?.hasPrefix("Bearer") == true)
            #expect(try anonymous.object["reason"] as? String == "ownerTokenRequired")
            let stranger = try await Self.patch(server, id, "CLOSED", Self.asStranger)
            #expect(stranger.status == 403)
            #expect(try stranger.object["reason"] as? String == "notOwner")
            #expect(
                try stranger.object["detail"] as? String ?? ""
                    == "Only the person who made this report, or the operator, can change it. The token sent is neither report \(id)'s owner token nor the operator's; the report stays as it is."
            )
            let photo = try await server.request(
                "PUT", "/v1/reports/\(id)/photo", headers: ExampleRequests.octets + Self.asStranger,
                body: ExampleRequests.png)
            #expect(photo.status == 403)
            #expect(try await server.request("DELETE", "/v1/reports/\(id)", headers: Self.asStranger).status == 403)
            #expect(try await server.request("DELETE", "/v1/reports/\(id)").status == 401)
            #expect(try await store.report(id: id).status == .active, "nothing changed")
            #expect(try await server.request("/v1/reports/\(id)/photo").status == 404, "no photo kept")

            #expect(try await Self.patch(server, id, "FOUND", Self.bearer(token)).status == 200)
            #expect(try await Self.patch(server, id, "CLOSED", Self.asOperator).status == 200)
            #expect(try await store.report(id: id).status == .closed)
            let owned = try await server.request(
                "PUT", "/v1/reports/\(id)/photo", headers: ExampleRequests.octets + Self.bearer(token),
                body: ExampleRequests.png)
            #expect(owned.status == 200, "\(owned.body)")
            // Another report's token owns only that report.
            let other = try await Self.create(server, "found")
            #expect(try await Self.patch(server, id, "ACTIVE", Self.bearer(other.token)).status == 403)
            #expect(try await server.request("DELETE", "/v1/reports/\(id)", headers: Self.bearer(token)).status == 204)
            #expect(try await server.request("/v1/reports/\(id)").status == 404)
        }
    }

    @Test func aReportMadeOnTheCommandLineIsTheOperatorsUntilItIsGivenAnOwner() async throws {
        try await Self.withServer { server, store in
            try await store.add([PetReport(id: "imported-1", kind: .found)])
            #expect(try await Self.patch(server, "imported-1", "CLOSED", Self.asStranger).status == 403)
            #expect(try await Self.patch(server, "imported-1", "CLOSED", Self.asOperator).status == 200)
            let token = OwnerToken.make()
            _ = try await store.setOwnerTokenHash(token.hash, id: "imported-1")
            #expect(try await Self.patch(server, "imported-1", "FOUND", Self.bearer(token.text)).status == 200)
            // An unknown report is a 404 whoever asks: nothing to own.
            #expect(try await Self.patch(server, "no-such", "CLOSED", Self.asStranger).status == 404)
        }
    }

    @Test func theListHandsOutNoContactDetailsUnlessTheOperatorAsks() async throws {
        try await Self.withServer { server, _ in
            _ = try await Self.create(server, "missing")
            let list = try await server.request("/v1/reports")
            let reports = try #require(try list.object["reports"] as? [[String: Any]])
            #expect(reports.count == 1)
            #expect(reports[0]["phone"] == nil && reports[0]["email"] == nil, "\(list.body)")
            #expect(!list.body.contains("owner@example.com") && !list.body.contains("48123456789"))
            #expect(try await server.request("/v1/reports?contacts=true").status == 401)
            #expect(try await server.request("/v1/reports?contacts=true", headers: Self.asStranger).status == 403)
            let full = try await server.request("/v1/reports?contacts=true", headers: Self.asOperator)
            #expect(full.status == 200 && full.body.contains("owner@example.com"), "\(full.body)")
            // One report's answer keeps them for the operator (and its owner); a stranger asks the
            // contact route (ContactsOnRequestTests).
            let id = try #require(reports[0]["id"] as? String)
            #expect(
                try await server.request("/v1/reports/\(id)", headers: Self.asOperator).body.contains(
                    "owner@example.com"))
            #expect(try await server.request("/v1/reports/\(id)").body.contains("owner@example.com") == false)
        }
    }

    @Test func aStatusChangeFollowsItsKindsTransitions() async throws {
        try await Self.withServer { server, store in
            let found = try await Self.create(server, "found")
            let active = try await Self.patch(server, found.id, "ACTIVE", Self.bearer(found.token))
            #expect(active.status == 422, "\(active.body)")
            #expect(try active.object["reason"] as? String == "statusNotForKind")
            #expect(try await store.report(id: found.id).status == .found, "a found report is never ACTIVE")
            #expect(try await Self.patch(server, found.id, "FOUND", Self.bearer(found.token)).status == 200)
            let missing = try await Self.create(server, "missing")
            #expect(try await Self.patch(server, missing.id, "CLOSED", Self.bearer(missing.token)).status == 200)
            let reopened = try await Self.patch(server, missing.id, "FOUND", Self.bearer(missing.token))
            #expect(reopened.status == 409, "\(reopened.body)")
            #expect(
                try reopened.object["detail"] as? String
                    == "Report \(missing.id) is CLOSED and cannot become FOUND from there; it can become ACTIVE.")
        }
    }

    @Test func aPhotoUrlFromTheClientIsRefusedAndNothingIsStored() async throws {
        try await Self.withServer { server, store in
            let body = #"{"photoUrl":"/v1/reports/someone-else/photo","# + ReportRoutesTests.foundBody.dropFirst()
            let answer = try await server.request(
                "POST", "/v1/reports/found", headers: Self.json, body: Array(body.utf8))
            #expect(answer.status == 422, "\(answer.body)")
            #expect(answer.body.contains("photoUrl") && answer.body.contains("set by the server"))
            #expect(try await store.count() == 0)
        }
    }

    @Test func theSubmitAnswerGivesThePageTheTokenThatOwnsTheReport() async throws {
        try await Self.withServer { server, _ in
            let answer = try await server.request(
                "POST", "/v1/report-steps/missing/contactDetails", headers: Self.json,
                body: Array(ExampleRequests.missingSubmit.utf8))
            #expect(answer.status == 200, "\(answer.body)")
            let report = try #require(try answer.object["report"] as? [String: Any])
            let id = try #require(report["id"] as? String)
            let token = try #require(report["ownerToken"] as? String)
            #expect(try await server.request("DELETE", "/v1/reports/\(id)", headers: Self.asStranger).status == 403)
            #expect(try await server.request("DELETE", "/v1/reports/\(id)", headers: Self.bearer(token)).status == 204)
        }
    }

    /// A DELETE that lands while the PUT's photo is being written (after the PUT found the
    /// report): the PUT answers 404 and no photo is left (before: 200, and the photo outlived
    /// its report, to be shown by a report imported later with its id).
    @Test func aPhotoPutWhileItsReportIsRemovedFailsAndLeavesNothing() async throws {
        let photos = GatedReportPhotos()
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(
            ServiceConfiguration(
                logger: TestServer.quietLogger, reports: store, photos: photos, today: ReportRoutesTests.today)
        ) { server in
            let (id, token) = try await Self.create(server, "missing")
            async let put = server.request(
                "PUT", "/v1/reports/\(id)/photo", headers: ExampleRequests.octets + Self.bearer(token),
                body: ReportPhotosTests.png(2_000))
            await photos.writeStarted()
            let removed = try await server.request("DELETE", "/v1/reports/\(id)", headers: Self.bearer(token))
            #expect(removed.status == 204)
            photos.openGate()
            let answer = try await put
            #expect(answer.status == 404, "\(answer.body)")
            #expect(answer.body.contains("removed while its photo arrived"))
            #expect(photos.kept.count == 0, "no photo outlives its report")
        }
        await store.close()
    }
}

/// Photos kept in memory whose first write waits until the test opens the gate, and says
/// when it has begun: the moment between a PUT's look at its report and its write.
final class GatedReportPhotos: ReportPhotos {
    let kept = InMemoryReportPhotos()
    private let started = AsyncStream.makeStream(of: Void.self)
    private let gate = AsyncStream.makeStream(of: Void.self)

    func write(_ bytes: Data, type: ImageType, id: String) async {
        started.continuation.yield()
        for await _ in gate.stream { break }
        kept.write(bytes, type: type, id: id)
    }

    func photo(id: String) -> ReportPhoto? { kept.photo(id: id) }
    func type(id: String) -> ImageType? { kept.type(id: id) }
    func remove(id: String) { kept.remove(id: id) }

    /// Until a write has begun.
    func writeStarted() async {
        for await _ in started.stream { return }
    }

    /// Lets the waiting write go on.
    func openGate() { gate.continuation.finish() }
}
