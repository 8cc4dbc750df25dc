import Foundation
import PetSpotService
import Reports
import SQLiteReportStore
import Testing

/// `GET /v1/reports/{id}/card` on a live server: a report posted through the Found flow's
/// route has a card that speaks of finding; a Missing one keeps its words.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct FoundCardRouteTests {
    static func labels(_ answer: Answer) throws -> [String: String] {
        let fields = try #require(try answer.object["fields"] as? [[String: Any]])
        var values: [String: String] = [:]
        for field in fields {
            if let label = field["label"] as? String { values[label] = field["value"] as? String }
        }
        return values
    }

    @Test func aFoundCardSaysDateFoundPlaceFoundAndContactFinder() async throws {
        try await ReportRoutesTests.withStore { server, _ in
            var ids: [String: String] = [:]
            for (flow, body) in [("found", ReportRoutesTests.foundBody), ("missing", ReportRoutesTests.missingBody)] {
                let created = try await server.request(
                    "POST", "/v1/reports/\(flow)", headers: ReportRoutesTests.json, body: Array(body.utf8))
                #expect(created.status == 201, "\(created.body)")
                ids[flow] = try created.object["id"] as? String
            }
            let found = try Self.labels(try await server.request("/v1/reports/\(try #require(ids["found"]))/card"))
            #expect(found["Date found"] == "Nov 18, 2025", "\(found)")
            #expect(found["Contact finder"] != nil && found["Place found"] != nil, "\(found)")
            #expect(found["Date of Disappearance"] == nil && found["Contact owner"] == nil, "\(found)")
            let missing = try Self.labels(try await server.request("/v1/reports/\(try #require(ids["missing"]))/card"))
            #expect(missing["Date of Disappearance"] == "Nov 17, 2025", "\(missing)")
            #expect(missing["Contact owner"] != nil && missing["Date found"] == nil, "\(missing)")
        }
    }
}
