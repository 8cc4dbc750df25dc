import Foundation
import Geodata
import Geodesy
import LocationTestSupport
import PetSpotService
import PostgresReportStore
import ReportStore
import ReportStoreTestSupport
import Reports
import SQLiteReportStore
import Testing

/// What a stranger learns of where a missing pet was last seen, on a real server over a real
/// SQLite store — and PostgreSQL for every route (``PublicLocation``, 500 m cells): every route answers with the cell's centre,
/// never the place; the owner's token and the operator's see it exactly; and no ordering of
/// stranger queries tells apart two places in one cell.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct PublicLocationRouteTests {
    static let json = [("Content-Type", "application/json")]
    /// The owner's front door, to 9 decimals; a stranger may see neither `52.2297` nor `21.0122`.
    static let home = (latitude: 52.229712345, longitude: 21.012298765)
    static let exactTexts = ["52.2297", "21.0122"]
    static let grid = PublicLocation()

    static func missingBody(latitude: Double, longitude: Double) -> [UInt8] {
        Array(
            #"{"lastSeenDate":"2025-11-17","species":"DOG","breed":"Beagle","gender":"FEMALE","locationLatitude":\#(latitude),"locationLongitude":\#(longitude),"locationRadius":5,"phone":"+48600100200","email":"o@example.com"}"#
                .utf8)
    }

    static let foundBody = Array(
        #"{"lastSeenDate":"2025-11-18","species":"DOG","gender":"FEMALE","locationLatitude":52.24,"locationLongitude":21.02,"phone":"+48123456789","email":"f@example.com"}"#
            .utf8)

    static func withServer(_ body: @Sendable (TestServer) async throws -> Void) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(configuration(store)) { server in try await body(server) }
        await store.close()
    }

    static func configuration(_ store: any ReportStore) throws -> ServiceConfiguration {
        ServiceConfiguration(
            limits: .unlimitedRate, operatorToken: try OperatorToken(secret: ExampleRequests.operatorSecret),
            logger: TestServer.quietLogger, reports: store, today: ReportRoutesTests.today)
    }

    /// The same server over a real PostgreSQL + PostGIS the test starts.
    static func withPostgresServer(_ body: @Sendable (TestServer) async throws -> Void) async throws {
        let database = try await PostgresServer.start()
        do {
            let address = try await database.createDatabase()
            try await PostgresReportStore.withStore(address) { store in
                try await TestServer.with(try configuration(store)) { server in try await body(server) }
            }
        } catch {
            Issue.record("\(error)")
        }
        await database.stop()
    }

    /// Makes a report; its id and owner token.
    static func post(_ server: TestServer, _ path: String, _ body: [UInt8]) async throws -> (String, String) {
        let created = try await server.request("POST", path, headers: json, body: body)
        #expect(created.status == 201, "\(created.body)")
        let id = try #require(try created.object["id"] as? String)
        return (id, try #require(try created.object["ownerToken"] as? String))
    }

    @Test func aStrangerIsShownTheCellsCentreOnEveryRouteAndTheOwnerAndOperatorThePlace() async throws {
        try await Self.withServer(Self.strangerSeesTheCell)
    }

    @Test(.enabled(if: PostgresServer.shouldRun))
    func onPostgresAStrangerIsShownTheCellsCentreToo() async throws {
        try await Self.withPostgresServer(Self.strangerSeesTheCell)
    }

    /// Every route a stranger may ask, the owner's and the operator's answers, on `server`.
    @Sendable static func strangerSeesTheCell(_ server: TestServer) async throws {
        do {
            let (missing, token) = try await Self.post(
                server, "/v1/reports/missing",
                Self.missingBody(latitude: Self.home.latitude, longitude: Self.home.longitude))
            let (found, _) = try await Self.post(server, "/v1/reports/found", Self.foundBody)
            let stranger = [
                "/v1/reports/\(missing)", "/v1/reports/\(missing)/card", "/v1/reports", "/v1/reports?near=52.23,21.01",
                "/v1/reports/nearby?from=52.24,21.02", "/v1/reports/\(found)/matches", "/v1/reports/\(missing)/matches",
                "/pets/\(missing)/poster", "/pets/\(missing)/poster?paper=letter",
            ]
            for path in stranger {
                let answer = try await server.request(path)
                #expect(answer.status == 200, "\(path): \(answer.body)")
                for text in Self.exactTexts {
                    #expect(!answer.body.contains(text), "\(path) shows \(text): \(answer.body)")
                }
                #expect(answer.body.contains("\(missing)"), "\(path) lists the report: \(answer.body)")
            }
            // The poster carries no contact either (the owner writes their phone in, in the browser).
            let poster = try await server.request("/pets/\(missing)/poster")
            for contact in ["600100200", "o@example.com"] {
                #expect(!poster.body.contains(contact), "the poster shows \(contact)")
            }
            let shown = try await server.request("/v1/reports/\(missing)").object
            let centre = Self.grid.cellCentre(
                of: try Coordinate(latitude: Self.home.latitude, longitude: Self.home.longitude))
            #expect(shown["locationLatitude"] as? Double == centre.latitude.degrees)
            #expect(shown["locationLongitude"] as? Double == centre.longitude.degrees)
            #expect(shown["locationPrecisionMeters"] as? Double == 500)
            // A wrong token is a stranger too; the owner's and the operator's see the place.
            let wrong = try await server.request("/v1/reports/\(missing)", headers: [("Authorization", "Bearer nope")])
            #expect(wrong.status == 200 && !wrong.body.contains("52.2297"), "\(wrong.body)")
            for credentials in [[("Authorization", "Bearer \(token)")], ExampleRequests.asOperator] {
                let whole = try await server.request("/v1/reports/\(missing)", headers: credentials)
                #expect(whole.body.contains("52.229712345"), "\(whole.body)")
                #expect(try whole.object["locationPrecisionMeters"] == nil)
                let card = try await server.request("/v1/reports/\(missing)/card", headers: credentials)
                #expect(card.body.contains("52.22971"), "\(card.body)")
                // A poster is for the public whoever prints it: never the exact place.
                let poster = try await server.request("/pets/\(missing)/poster", headers: credentials)
                #expect(poster.status == 200 && !poster.body.contains("52.2297"), "\(poster.body)")
            }
            let list = try await server.request("/v1/reports?near=52.23,21.01", headers: ExampleRequests.asOperator)
            #expect(list.body.contains("52.229712345"), "the operator's list: \(list.body)")
            // A found report's place (where an animal was found) stays exact for everyone.
            #expect(try await server.request("/v1/reports/\(found)").body.contains("52.24"))
        }
    }

    /// Spec 003's "Warsaw • ±15 km": a place nobody named is named by its nearest town (Debian's
    /// libgeonames), for a stranger and for the owner alike, on the card and in the lists.
    @Test func aCardNamesAPlaceWithoutANameByItsNearestTown() async throws {
        try await Self.withServer { server in
            let (missing, token) = try await Self.post(
                server, "/v1/reports/missing",
                Self.missingBody(latitude: Self.home.latitude, longitude: Self.home.longitude))
            for headers in [[], [("Authorization", "Bearer \(token)")]] {
                let card = try await server.request("/v1/reports/\(missing)/card", headers: headers)
                #expect(card.body.contains("near Warsaw \u{2022} \u{00B1}5 km"), "\(card.body)")
            }
            #expect(
                try await server.request("/v1/reports/\(missing)/card").object["matchNote"] is NSNull,
                "a report with a place is matched by it")
            // And the lists: the home page's item says where.
            let list = try await server.request("/v1/reports?near=52.23,21.01")
            let items = try #require(try list.object["reports"] as? [[String: Any]])
            #expect((items.first?["card"] as? [String: Any])?["place"] as? String == "near Warsaw", "\(list.body)")
        }
    }

    @Test func anAlertOfAMissingReportCarriesTheCellsCentre() async throws {
        try await Self.withServer { server in
            let client = EventStreamClient(url: server.url("/v1/reports/updates?near=52.23,21.01&km=5"))
            defer { client.close() }
            #expect(await client.wait(hangGuard) { $0.comments.contains("connected") }, "the stream opened")
            let (missing, _) = try await Self.post(
                server, "/v1/reports/missing",
                Self.missingBody(latitude: Self.home.latitude, longitude: Self.home.longitude))
            #expect(await client.wait(hangGuard) { $0.events.contains { $0.data.contains(missing) } })
            let data = client.events.map(\.data).joined(separator: "\n")
            for text in Self.exactTexts { #expect(!data.contains(text), "the alert shows \(text): \(data)") }
            // Resumed from the start (the store's log, not the feed's memory): the same.
            let again = EventStreamClient(url: server.url("/v1/reports/updates"), headers: [("Last-Event-ID", "0")])
            defer { again.close() }
            #expect(await again.wait(hangGuard) { $0.events.contains { $0.data.contains(missing) } })
            for text in Self.exactTexts {
                #expect(!again.events.map(\.data).joined().contains(text), "the log's alert shows \(text)")
            }
        }
    }

    /// Two missing reports in one cell, `b-near` always the nearer by its exact place: 1,000
    /// stranger queries around them rank them the same way (by id: their shown places are one)
    /// with the same distance — the exact order would put `b-near` first from most places.
    @Test func strangersQueriesNeverRankTwoPlacesInOneCellApart() async throws {
        try await Self.withServer { server in
            let centre = Self.grid.cellCentre(of: try Coordinate(latitude: 52.2297, longitude: 21.0122))
            let far = try Geodesic.wgs84.destination(from: centre, bearing: 0, distance: 180).coordinate
            let near = try Geodesic.wgs84.destination(from: centre, bearing: 180, distance: 180).coordinate
            #expect(Self.grid.cellCentre(of: far) == centre && Self.grid.cellCentre(of: near) == centre)
            _ = try await Self.post(
                server, "/v1/reports/missing",
                Self.missingBody(latitude: far.latitude.degrees, longitude: far.longitude.degrees))
            _ = try await Self.post(
                server, "/v1/reports/missing",
                Self.missingBody(latitude: near.latitude.degrees, longitude: near.longitude.degrees))
            var apart = 0
            for index in 0..<1_000 {
                // South of the cell, where the exact places are 360 m apart in distance.
                let from = try Geodesic.wgs84.destination(
                    from: centre, bearing: 135 + Double(index % 90), distance: 400 + Double(index) * 3
                ).coordinate
                let answer = try await server.request(
                    "/v1/reports?near=\(from.latitude.degrees),\(from.longitude.degrees)&limit=2")
                let items = try #require(try answer.object["reports"] as? [[String: Any]])
                let meters = items.compactMap { $0["distanceMeters"] as? Double }
                if meters.count != 2 || meters[0] != meters[1] { apart += 1 }
                if let first = items.first?["id"] as? String, let second = items.last?["id"] as? String,
                    ReportID.precedes(second, first)
                {
                    apart += 1
                }
            }
            #expect(apart == 0, "\(apart) of 1,000 answers told the two places apart")
        }
    }
}
