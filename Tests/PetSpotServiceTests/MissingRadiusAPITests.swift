import Foundation
import Geodata
import Geodesy
import PetSpotService
import ReportStore
import SQLiteReportStore
import Testing

/// The search radius the owner chooses on *Animal description* (issue 46), through the step API
/// on a live server: the field's choice and its message, Submit report keeping it as the
/// report's radius, the card's line, and the matcher holding each report to its own radius.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct MissingRadiusAPITests {
    typealias API = ReportStepsAPITests

    /// Submit report with `radius` (km, or none: the default) chosen at `place`; the answer's report.
    static func submit(
        _ server: TestServer, radius: String?, species: String = "cat", place: (Double, Double) = (52.2297, 21.0122)
    ) async throws -> [String: Any] {
        let chosen = radius.map { #", "locationRadius": "\#($0)""# } ?? ""
        let answer = try await API.post(
            server, "/v1/report-steps/missing/contactDetails",
            #"{"action": "continue", "values": {"email": "owner@example.com"}, "earlierSteps": {"animalDescription": {"species": "\#(species)", "breed": "Tabby", "gender": "MALE", "lastSeenDate": "2025-11-17", "locationLatitude": "\#(place.0)", "locationLongitude": "\#(place.1)"\#(chosen)}}, \#(API.photo)}"#
        )
        #expect(answer["outcome"] as? String == "advance", "\(answer)")
        return try #require(answer["report"] as? [String: Any])
    }

    @Test func theStepShowsTenKilometresUntilAnotherIsChosenAndRefusesAnUnlistedRadius() async throws {
        try await TestServer.with { server in
            let path = "/v1/report-steps/missing/animalDescription"
            let fresh = try await API.post(server, path, #"{"edit": {"field": "breed", "value": ""}}"#)
            #expect(API.field(fresh, "locationRadius")["value"] as? String == "10")
            #expect(API.field(fresh, "locationRadius")["id"] as? String == "animalDescription.radiusDropdown.tap")
            let chosen = try await API.post(
                server, path,
                #"{"values": {"locationRadius": "10"}, "edit": {"field": "locationRadius", "value": "15"}}"#)
            #expect(API.field(chosen, "locationRadius")["value"] as? String == "15")
            let refused = try await server.request(
                "POST", path, headers: API.json,
                body: Array(#"{"edit": {"field": "locationRadius", "value": "7"}}"#.utf8))
            #expect(refused.status == 400)
            #expect(
                try refused.object["detail"] as? String
                    == #"Field 'locationRadius': "7" is not one of the search radii (1, 2, 5, 10, 15, 25 or 50 km)."#)
            #expect(try refused.object["field"] as? String == "locationRadius")
        }
    }

    @Test func submitReportKeepsTheChosenRadiusAndTheCardShowsIt() async throws {
        try await ReportRoutesTests.withStore { server, store in
            let report = try await Self.submit(server, radius: "15")
            let id = try #require(report["id"] as? String)
            let token = try #require(report["ownerToken"] as? String)
            #expect(try await store.report(id: id).radius?.meters == 15_000)
            let stored = try await server.request("/v1/reports/\(id)")
            #expect(try stored.object["locationRadius"] as? Double == 15)
            let card = try await server.request(
                "/v1/reports/\(id)/card", headers: [("Authorization", "Bearer \(token)")])
            let fields = try #require(try card.object["fields"] as? [[String: Any]])
            let place = fields.first { $0["label"] as? String == "Place of Disappearance" }?["value"] as? String
            #expect(place == "near Warsaw • ±15 km", "a place nobody named is named by its nearest town")
            let untouched = try await Self.submit(server, radius: nil)
            let other = try #require(untouched["id"] as? String)
            #expect(try await store.report(id: other).radius?.meters == 10_000, "untouched: 10 km as before")
        }
    }

    @Test func anAPIClientMayStillPostAnyRadius() async throws {
        try await ReportRoutesTests.withStore { server, _ in
            let body =
                #"{"species":"dog","breed":"Beagle","gender":"f","locationLatitude":52.2297,"locationLongitude":21.0122,"locationRadius":3,"phone":"+48123456789"}"#
            let posted = try await server.request(
                "POST", "/v1/reports/missing", headers: API.json, body: Array(body.utf8))
            #expect(posted.status == 201, "\(posted.body)")
            #expect(try posted.object["locationRadius"] as? Double == 3)
        }
    }

    /// A cat found 12 km north of where two cats were lost the day before: the owner who chose
    /// 15 km is told, the one who kept 10 km (11 km with the server's 1 km margin) is not.
    @Test func theMatcherHoldsEachReportToTheRadiusItsOwnerChose() async throws {
        try await ReportRoutesTests.withStore { server, store in
            let wide = try #require(try await Self.submit(server, radius: "15")["id"] as? String)
            let narrow = try #require(try await Self.submit(server, radius: "10")["id"] as? String)
            let lost = try Coordinate(latitude: 52.2297, longitude: 21.0122)
            var found = PetReport(id: "found-12km", kind: .found)
            found.coordinate = try Geodesic.wgs84.destination(from: lost, bearing: 0, distance: 12_000).coordinate
            found.species = "CAT"
            found.lastSeenDate = "2025-11-17"
            try await store.add([found])
            let answer = try await server.request("/v1/reports/found-12km/matches")
            #expect(answer.status == 200, "\(answer.body)")
            let ids = try #require(try answer.object["matches"] as? [[String: Any]]).compactMap { $0["id"] as? String }
            #expect(ids == [wide])
            #expect(!ids.contains(narrow))
        }
    }
}
