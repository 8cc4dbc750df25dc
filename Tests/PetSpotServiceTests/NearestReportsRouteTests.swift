import Foundation
import Geodata
import Geodesy
import PetSpotService
import ReportSteps
import ReportStore
import Reports
import SQLiteReportStore
import Testing

/// `GET /v1/reports?near=…` on a live server over a real SQLite store, through AsyncHTTPClient:
/// the open reports nearest first, paged, without contacts, and 400s that name the parameter.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct NearestReportsRouteTests {
    /// 25 open reports of both kinds north of Warsaw (report `k-N` N km away, about), a closed
    /// one and a found one marked `ACTIVE` at Warsaw itself (neither is open), and one without
    /// a place. Every report has a phone and an email.
    static func seeded() throws -> [PetReport] {
        let warsaw = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        var reports: [PetReport] = []
        for number in 1...25 {
            var report = PetReport(id: String(format: "k-%02d", number), kind: number % 2 == 0 ? .found : .missing)
            report.coordinate = try Geodesic.wgs84.destination(
                from: warsaw, bearing: 0, distance: Double(number) * 1000
            ).coordinate
            report.species = "DOG"
            report.breed = "Beagle"
            report.lastSeenDate = "2025-11-17"
            report.phone = "+48 600 100 2\(number)"
            report.email = "owner\(number)@example.com"
            reports.append(report)
        }
        var closed = PetReport(id: "x-closed", kind: .missing, status: .closed)
        closed.coordinate = warsaw
        var notOpen = PetReport(id: "x-found-closed", kind: .found, status: .closed)
        notOpen.coordinate = warsaw
        reports += [closed, notOpen, PetReport(id: "x-nowhere", kind: .missing)]
        return reports
    }

    static func withServer(_ body: @Sendable (TestServer, InMemoryReportPhotos) async throws -> Void) async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await store.add(try seeded())
        let photos = InMemoryReportPhotos()
        try await TestServer.with(
            ServiceConfiguration(
                logger: TestServer.quietLogger, reports: store, photos: photos, today: ReportRoutesTests.today)
        ) { server in try await body(server, photos) }
        await store.close()
    }

    static func items(_ answer: Answer) throws -> [[String: Any]] {
        try #require(try answer.object["reports"] as? [[String: Any]])
    }

    @Test func theOpenReportsComeNearestFirstWithTheirDistanceAndNoContacts() async throws {
        try await Self.withServer { server, _ in
            let answer = try await server.request("/v1/reports?near=52.2297,21.0122&limit=5")
            #expect(answer.status == 200, "\(answer.body)")
            let items = try Self.items(answer)
            #expect(items.map { $0["id"] as? String } == ["k-01", "k-02", "k-03", "k-04", "k-05"])
            for (index, item) in items.enumerated() {
                let meters = try #require(item["distanceMeters"] as? Double)
                if item["kind"] as? String == "missing" {
                    // A stranger's view: from the 500 m cell's centre, rounded to 100 m (PublicLocation).
                    #expect(abs(meters - Double(index + 1) * 1000) <= 800, "\(item)")
                    #expect(
                        meters.truncatingRemainder(dividingBy: 100) == 0
                            && item["locationPrecisionMeters"] as? Double == 500)
                } else {
                    #expect(abs(meters - Double(index + 1) * 1000) < 0.001, "\(item)")
                }
                #expect(item["phone"] == nil && item["email"] == nil, "contacts in a list item: \(item)")
                #expect(item["species"] as? String == "DOG" && item["lastSeenDate"] as? String == "2025-11-17")
                let card = try #require(item["card"] as? [String: Any])
                let badge = try #require(card["status"] as? [String: Any])
                let missing = item["kind"] as? String == "missing"
                #expect(badge["text"] as? String == (missing ? "MISSING" : "FOUND"))
                #expect(badge["color"] as? String == (missing ? "red" : "blue"))
                #expect(card["date"] as? String == "Nov 17, 2025" && card["photoUrl"] as? String == "")
            }
            #expect(!answer.body.contains("example.com") && !answer.body.contains("+48"), "\(answer.body)")
            #expect(try answer.object["next"] as? Int == 5)
            #expect(try answer.object["offset"] as? Int == 0 && answer.object["limit"] as? Int == 5)
        }
    }

    @Test func pagesFollowEachOtherToTheLastAndAKindFilters() async throws {
        try await Self.withServer { server, _ in
            var ids: [String] = []
            var offset: Int? = 0
            while let next = offset {
                let answer = try await server.request("/v1/reports?near=geo:52.2297,21.0122&limit=10&offset=\(next)")
                #expect(answer.status == 200, "\(answer.body)")
                ids += try Self.items(answer).compactMap { $0["id"] as? String }
                offset = try answer.object["next"] as? Int
            }
            #expect(ids == (1...25).map { String(format: "k-%02d", $0) })
            let found = try await server.request("/v1/reports?near=52.2297,21.0122&kind=found&limit=3&offset=1")
            #expect(try Self.items(found).map { $0["id"] as? String } == ["k-04", "k-06", "k-08"])
            let past = try await server.request("/v1/reports?near=52.2297,21.0122&offset=25")
            #expect(try Self.items(past).isEmpty && past.object["next"] is NSNull)
        }
    }

    @Test func aPairInAnyFormValidateReadsIsAccepted() async throws {
        try await Self.withServer { server, _ in
            let pairs = [
                "52%2C2297%2021%2C0122", "52.2297%20N%2C%2021.0122%20E",
                "52%C2%B013%E2%80%B247%E2%80%B3N%2021%C2%B00%E2%80%B244%E2%80%B3E",
            ]
            for pair in pairs {
                let answer = try await server.request("/v1/reports?near=\(pair)&limit=1")
                #expect(answer.status == 200, "\(pair): \(answer.body)")
                #expect(try Self.items(answer).first?["id"] as? String == "k-01", "\(pair)")
            }
        }
    }

    @Test func aKeptPhotoIsTheItemsThumbnail() async throws {
        try await Self.withServer { server, photos in
            try await photos.write(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), type: .png, id: "k-02")
            let items = try Self.items(try await server.request("/v1/reports?near=52.2297,21.0122&limit=2"))
            let cards = items.compactMap { $0["card"] as? [String: Any] }
            #expect(cards.map { $0["photoUrl"] as? String } == ["", "/v1/reports/k-02/photo"])
        }
    }

    @Test(arguments: [
        ("near=91,21", "near"), ("near=", "near"), ("near=52,2297,21,0122", "near"),
        ("near=52,21&limit=0", "limit"), ("near=52,21&limit=101", "limit"), ("near=52,21&limit=2.5", "limit"),
        ("near=52,21&offset=-1", "offset"), ("near=52,21&offset=x", "offset"), ("near=52,21&kind=lost", "kind"),
        ("near=52,21&status=ACTIVE", "status"),
    ])
    func badParametersAreProblemsNamingThem(query: String, parameter: String) async throws {
        try await Self.withServer { server, _ in
            let answer = try await server.request("/v1/reports?\(query)")
            #expect(answer.status == 400, "\(query): \(answer.body)")
            #expect(answer.header("content-type") == "application/problem+json")
            #expect(try answer.object["parameter"] as? String == parameter, "\(query): \(answer.body)")
            #expect((try answer.object["detail"] as? String)?.contains(parameter) == true, "\(answer.body)")
        }
    }
}
