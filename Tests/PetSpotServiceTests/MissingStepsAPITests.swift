import Foundation
import PetSpotService
import Testing

/// The Missing flow's steps 1/4 and 4/4 through the step API, and Submit report's report,
/// which the page posts to the store, on a live server with a real client.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct MissingStepsAPITests {
    typealias API = ReportStepsAPITests

    @Test func theMicrochipIsGroupedRefusedWhenNotANumberAndOptional() async throws {
        try await TestServer.with { server in
            let path = "/v1/report-steps/missing/microchip"
            let grouped = try await API.post(
                server, path, #"{"edit": {"field": "microchip", "value": "123456789012"}}"#)
            #expect(API.field(grouped, "microchip")["value"] as? String == "12345-67890-12")
            #expect(API.field(grouped, "microchip")["id"] as? String == "microchipNumber.microchipTextField.input")
            #expect(grouped["progress"] as? String == "1/4")
            let refused = try await API.post(
                server, path, #"{"values": {"microchip": "12345"}, "edit": {"field": "microchip", "value": "12345a"}}"#)
            #expect(API.field(refused, "microchip")["value"] as? String == "12345", "the number stays")
            #expect(
                API.field(refused, "microchip")["error"] as? String
                    == "Digits only (spaces and hyphens are fine), not “a”; nothing was changed")
            let tooLong = try await API.post(
                server, path, #"{"edit": {"field": "microchip", "value": "1234567890123456"}}"#)
            #expect(
                API.field(tooLong, "microchip")["error"] as? String
                    == "At most 15 digits; this one has 16: the first 15 were kept")
            #expect(API.field(tooLong, "microchip")["value"] as? String == "12345-67890-12345")
            let empty = try await API.post(server, path, #"{"action": "continue", "values": {"microchip": ""}}"#)
            #expect(empty["outcome"] as? String == "advance")
            #expect(empty["next"] as? String == "animalPhoto")
        }
    }

    static let description = #""animalDescription": {"species": "dog", "race": "Beagle", "gender": "FEMALE"}"#

    @Test func contactDetailsNeedsAPhoneOrAnEmailWithTheFoundFlowsRules() async throws {
        try await TestServer.with { server in
            let path = "/v1/report-steps/missing/contactDetails"
            let none = try await API.post(
                server, path, #"{"action": "continue", "values": {}, "earlierSteps": {\#(Self.description)}}"#)
            #expect(none["outcome"] as? String == "stay")
            #expect((none["toast"] as? [String: Any])?["message"] as? String == "Please correct the highlighted fields")
            #expect(API.field(none, "phone")["error"] as? String == "Enter a phone number or an email")
            #expect(API.field(none, "email")["error"] as? String == "Enter a phone number or an email")
            let bad = try await API.post(
                server, path,
                #"{"action": "continue", "values": {"phone": "123", "email": "a@b"}, "earlierSteps": {\#(Self.description)}}"#
            )
            #expect(API.field(bad, "phone")["error"] as? String == "Enter a valid phone number (7–11 digits)")
            #expect(API.field(bad, "email")["error"] as? String == "Enter a valid email address")
            #expect(bad["report"] is NSNull)
        }
    }

    @Test func submitReportCarriesTheWholeReportForTheStore() async throws {
        try await TestServer.with { server in
            let answer = try await API.post(
                server, "/v1/report-steps/missing/contactDetails",
                #"{"action": "continue", "values": {"phone": "+48 600 700 800"}, "earlierSteps": {"microchip": {"microchip": "12345-67890-12345"}, \#(Self.description)}}"#
            )
            #expect(answer["outcome"] as? String == "advance")
            #expect(answer["next"] as? String == "submitted")
            let report = try #require(answer["report"] as? [String: Any])
            #expect(report["route"] as? String == "/v1/reports/missing")
            #expect(report["stored"] as? Bool == false)
            let payload = try #require(report["payload"] as? [String: Any])
            #expect(payload["flow"] as? String == "missing" && payload["steps"] as? String == "1-4")
            #expect(payload["microchipNumber"] as? String == "123456789012345")
            #expect(payload["phone"] as? String == "+48600700800")
            #expect(payload["email"] is NSNull)
            #expect(payload["animalRace"] as? String == "Beagle")
        }
    }

    @Test func submitWithADescriptionNoLongerValidGoesBackThere() async throws {
        try await TestServer.with { server in
            let answer = try await API.post(
                server, "/v1/report-steps/missing/contactDetails",
                #"{"action": "continue", "values": {"email": "owner@example.com"}, "earlierSteps": {"animalDescription": {"species": "dog"}}}"#
            )
            #expect(answer["backTo"] as? String == "animalDescription")
            #expect(answer["report"] is NSNull)
            let missing = try await server.request(
                "POST", "/v1/report-steps/missing/contactDetails", headers: API.json,
                body: Array(#"{"action": "continue", "values": {}}"#.utf8))
            #expect(missing.status == 400)
            #expect((try missing.object["detail"] as? String)?.contains("earlierSteps.animalDescription") == true)
        }
    }

    @Test func theSubmittedPayloadIsWhatTheStoreTakesAndItsCardShowsIt() async throws {
        try await ReportRoutesTests.withStore { server, _ in
            let answer = try await API.post(
                server, "/v1/report-steps/missing/contactDetails",
                #"{"action": "continue", "values": {"email": "owner@example.com"}, "earlierSteps": {"microchip": {"microchip": "123456789012345"}, "animalDescription": {"species": "cat", "race": "Tabby", "gender": "MALE", "date": "2025-11-17", "latitude": "52.2297", "longitude": "21.0122"}}}"#
            )
            let report = try #require(answer["report"] as? [String: Any])
            let payload = try JSONSerialization.data(withJSONObject: try #require(report["payload"]))
            let created = try await server.request(
                "POST", try #require(report["route"] as? String), headers: API.json, body: Array(payload))
            #expect(created.status == 201, "\(created.body)")
            let id = try #require(try created.object["id"] as? String)
            let card = try await server.request("/v1/reports/\(id)/card")
            #expect(card.status == 200, "\(card.body)")
            let object = try card.object
            #expect((object["status"] as? [String: Any])?["text"] as? String == "MISSING")
            #expect((object["status"] as? [String: Any])?["color"] as? String == "red")
            #expect(object["photoText"] as? String == "Image not available")
            let fields = try #require(object["fields"] as? [[String: Any]])
            let values = Dictionary(
                fields.map { ($0["label"] as? String ?? "", $0["value"] as? String ?? "") },
                uniquingKeysWith: { a, _ in a })
            #expect(values["Date of Disappearance"] == "Nov 17, 2025")
            #expect(values["Microchip number"] == "12345-67890-12345")
            #expect(values["Animal Species"] == "Cat")
            #expect(values["Animal Race"] == "Tabby")
            #expect(values["Animal Sex"] == "♂ Male")
            #expect(values["Animal Approx. Age"] == "—")
            #expect(values["Place of Disappearance"]?.contains("±10 km") == true)
            let email = try #require(fields.first { $0["id"] as? String == "petDetails.email.tap" })
            #expect(email["href"] as? String == "mailto:owner@example.com")
            #expect(!fields.contains { $0["id"] as? String == "petDetails.phone.tap" }, "only the contact given")
            let map = try #require(object["map"] as? [String: Any])
            #expect(
                (map["url"] as? String)?.hasPrefix("https://www.openstreetmap.org/?mlat=52.22970&mlon=21.01220") == true
            )
        }
    }

    @Test func aPostedMissingReportsMicrochipIsTheStoredDigits() async throws {
        try await ReportRoutesTests.withStore { server, _ in
            for (chip, message) in [
                ("12a", "Digits only (spaces and hyphens are fine), not \u{201C}a\u{201D}; nothing was changed"),
                ("1234567890123456", "At most 15 digits; this one has 16 (nothing was cut)"),
                ("12345-67890", "only digits, at most 15 of them (nothing was cut)"),
            ] {
                let body =
                    #"{"animalSpecies":"dog","animalRace":"Beagle","animalGender":"FEMALE","microchipNumber":"\#(chip)"}"#
                let refused = try await server.request(
                    "POST", "/v1/reports/missing", headers: API.json, body: Array(body.utf8))
                #expect(refused.status == 422, "\(chip): \(refused.body)")
                let errors = try refused.object["errors"] as? [[String: Any]] ?? []
                #expect(errors.first?["field"] as? String == "microchipNumber")
                #expect(errors.first?["message"] as? String == message)
            }
            let body =
                #"{"animalSpecies":"dog","animalRace":"Beagle","animalGender":"FEMALE","microchipNumber":"123456789012345","phone":"+48123456789"}"#
            let stored = try await server.request(
                "POST", "/v1/reports/missing", headers: API.json, body: Array(body.utf8))
            #expect(stored.status == 201, "\(stored.body)")
            #expect(try stored.object["microchipNumber"] as? String == "123456789012345")
        }
    }
}
