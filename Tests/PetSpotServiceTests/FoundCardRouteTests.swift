import Foundation
import PetSpotService
import ReportStore
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

    /// Spec 004 US3.2: the caregiver phone and the current address a found report is posted with
    /// are stored, answered by `GET /v1/reports/{id}` and shown on its card with the contacts —
    /// and, being contact details, left out of lists.
    @Test func aFoundReportKeepsItsCaregiverPhoneAndAddressAndItsCardShowsThem() async throws {
        try await ReportRoutesTests.withStore { server, store in
            let body = ReportRoutesTests.foundBody.replacingOccurrences(
                of: #""email":"finder@example.com""#,
                with:
                    #""email":"finder@example.com","caregiverPhone":"+48 600 100 200","currentAddress":"Shelter\nMain St 1""#
            )
            let created = try await server.request(
                "POST", "/v1/reports/found", headers: ReportRoutesTests.json, body: Array(body.utf8))
            #expect(created.status == 201, "\(created.body)")
            #expect(try created.object["caregiverPhone"] as? String == "+48600100200")
            let id = try #require(try created.object["id"] as? String)
            let stored = try await store.report(id: id)
            #expect(stored.caregiverPhone == "+48600100200" && stored.currentAddress == "Shelter\nMain St 1")
            // The owner reads the contacts (a stranger asks the contact route: ContactsOnRequestTests).
            let token = try #require(try created.object["ownerToken"] as? String)
            let owner = [("Authorization", "Bearer \(token)")]
            let read = try await server.request("/v1/reports/\(id)", headers: owner).object
            #expect(read["caregiverPhone"] as? String == "+48600100200")
            #expect(read["currentAddress"] as? String == "Shelter\nMain St 1")

            let fields = try #require(
                try await server.request("/v1/reports/\(id)/card", headers: owner).object["fields"] as? [[String: Any]])
            #expect(
                fields.prefix(5).compactMap { $0["label"] as? String } == [
                    "Date found", "Contact finder", "Contact finder", "Caregiver phone number",
                    "Current physical address",
                ], "with the contacts, after the finder's")
            let caregiver = try #require(fields.first { $0["label"] as? String == "Caregiver phone number" })
            #expect(caregiver["href"] as? String == "tel:+48600100200")
            #expect(caregiver["id"] as? String == "petDetails.caregiverPhone.tap")
            let address = try #require(fields.first { $0["label"] as? String == "Current physical address" })
            #expect(address["value"] as? String == "Shelter\nMain St 1" && address["multiline"] as? Bool == true)

            let listed = try #require(try await server.request("/v1/reports").object["reports"] as? [[String: Any]])
            #expect(listed.count == 1)
            #expect(
                listed.allSatisfy { $0["caregiverPhone"] == nil && $0["currentAddress"] == nil && $0["phone"] == nil })
        }
    }

    @Test func aCaregiverPhoneOfTooFewDigitsIsAFieldProblem() async throws {
        try await ReportRoutesTests.withStore { server, _ in
            let body = ReportRoutesTests.foundBody.replacingOccurrences(
                of: #""email":"finder@example.com""#, with: #""email":"finder@example.com","caregiverPhone":"12""#)
            let refused = try await server.request(
                "POST", "/v1/reports/found", headers: ReportRoutesTests.json, body: Array(body.utf8))
            #expect(refused.status == 422)
            #expect(refused.body.contains("caregiverPhone"), "\(refused.body)")
        }
    }
}
