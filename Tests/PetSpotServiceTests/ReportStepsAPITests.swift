import Foundation
import Location
import Locking
import PetSpotService
import PropertyBased
import Testing

/// The step API the report pages ask: the ReportSteps model answers every edit and Continue
/// (normalised values, inline messages, the toast, the location outcome), through a live
/// server and a real client.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct ReportStepsAPITests {
    static let json = [("Content-Type", "application/json")]

    /// A day `days` from today as `YYYY-MM-DD`, at least a day away from the edge of "today"
    /// in any time zone.
    static func day(_ days: Int) -> String {
        let date = Date().addingTimeInterval(Double(days) * 86_400)
        let parts = Calendar(identifier: .gregorian).dateComponents(
            in: TimeZone(identifier: "UTC") ?? .current, from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// POSTs `body` (JSON text) to `path` and returns the answer object.
    static func post(_ server: TestServer, _ path: String, _ body: String) async throws -> [String: Any] {
        let answer = try await server.request("POST", path, headers: json, body: Array(body.utf8))
        #expect(answer.status == 200, "\(path): \(answer.body)")
        return try answer.object
    }

    /// A whole 1 × 1 PNG in base64 (`ExampleRequests.png`): what Submit report's `photo`
    /// carries (the model decides on the content, and the scrubber keeps these bytes).
    static let photo =
        #""photo": {"filename": "dog.png", "data": "#
        + #""iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAAAAAAAAAAAAAElEQVQAAAAAAAAAAElFTkQAAAAA"}"#

    static func field(_ answer: [String: Any], _ name: String) -> [String: Any] {
        (answer["fields"] as? [String: Any])?[name] as? [String: Any] ?? [:]
    }

    @Test func anEditAnswersWhatTheModelShows() async throws {
        try await TestServer.with { server in
            let answer = try await Self.post(
                server, "/v1/report-steps/found/petDetails",
                #"{"values": {"breed": "Beagle"}, "edit": {"field": "microchipNumber", "value": "12345-678 9012345"}}"#)
            #expect(answer["outcome"] as? String == "shown")
            #expect(answer["progress"] as? String == "2/3")
            #expect(answer["toast"] is NSNull)
            let collar = Self.field(answer, "microchipNumber")
            #expect(collar["value"] as? String == "12345-67890-12345")
            #expect(collar["id"] as? String == "foundPetDetails.collarDataTextField.input")
            #expect(Self.field(answer, "breed")["value"] as? String == "Beagle")
            // The field filters keystrokes as the page's input does (spec 004: non-digits and
            // digits past 15 are not accepted): a burst of typing keeps what was accepted.
            let typed = try await Self.post(
                server, "/v1/report-steps/found/petDetails",
                #"{"values": {"microchipNumber": "123456789"}, "edit": {"field": "microchipNumber", "value": "12a34-5678901234567"}}"#
            )
            #expect(Self.field(typed, "microchipNumber")["value"] as? String == "12345-67890-12345")
            #expect(
                Self.field(typed, "microchipNumber")["error"] as? String
                    == "At most 15 digits; this one has 17: the first 15 were kept")
            // Validation is on Continue: an edit shows no message.
            #expect(Self.field(answer, "lastSeenDate")["error"] is NSNull)
            let description = Self.field(answer, "description")
            #expect(description["helper"] as? String == "0/500")
        }
    }

    @Test func changingTheSpeciesClearsTheRace() async throws {
        try await TestServer.with { server in
            let path = "/v1/report-steps/missing/animalDescription"
            let disabled = try await Self.post(server, path, #"{"values": {"breed": "Labrador"}}"#)
            #expect(Self.field(disabled, "breed")["disabled"] as? Bool == true)
            #expect(Self.field(disabled, "breed")["value"] as? String == "")
            #expect(Self.field(disabled, "breed")["placeholder"] as? String == "Select a species first")
            let same = try await Self.post(
                server, path,
                #"{"values": {"species": "dog", "breed": "Labrador"}, "edit": {"field": "approximateAge", "value": "3"}}"#
            )
            #expect(Self.field(same, "breed")["value"] as? String == "Labrador")
            #expect(Self.field(same, "breed")["disabled"] as? Bool == false)
            let changed = try await Self.post(
                server, path,
                #"{"values": {"species": "dog", "breed": "Labrador"}, "edit": {"field": "species", "value": "cat"}}"#)
            #expect(Self.field(changed, "species")["value"] as? String == "CAT", "the field's text: the codec's")
            #expect(Self.field(changed, "breed")["value"] as? String == "")
        }
    }

    @Test func continueWithAnOutOfRangeLatitudeStaysWithTheMessageAndTheToast() async throws {
        try await TestServer.with { server in
            let body = """
                {"action": "continue", "values": {"lastSeenDate": "\(Self.day(-2))", "species": "dog", "gender": "MALE",
                 "locationLatitude": "95", "locationLongitude": "21.0122"}}
                """
            let answer = try await Self.post(server, "/v1/report-steps/found/petDetails", body)
            #expect(answer["outcome"] as? String == "stay")
            let toast = try #require(answer["toast"] as? [String: Any])
            #expect(toast["message"] as? String == "Please correct the highlighted fields")
            #expect(toast["seconds"] as? Double == 3)
            #expect(Self.field(answer, "locationLatitude")["error"] as? String == "Must be between -90 and 90")
            #expect(Self.field(answer, "locationLongitude")["error"] is NSNull)
            #expect(answer["next"] is NSNull)
            let checked = try #require(answer["checked"] as? [String: String])
            #expect(checked["locationLatitude"] == "95")

            // The next edit replays that Continue: the message stays as the model keeps it.
            let checkedJSON = String(decoding: try JSONSerialization.data(withJSONObject: checked), as: UTF8.self)
            let edit = try await Self.post(
                server, "/v1/report-steps/found/petDetails",
                #"{"values": \#(checkedJSON), "checked": \#(checkedJSON), "edit": {"field": "breed", "value": "Mixed"}}"#
            )
            #expect(Self.field(edit, "locationLatitude")["error"] as? String == "Must be between -90 and 90")
            #expect(Self.field(edit, "breed")["value"] as? String == "Mixed")
        }
    }

    @Test func aValidStepAdvances() async throws {
        try await TestServer.with { server in
            let body = """
                {"action": "continue", "values": {"lastSeenDate": "\(Self.day(-2))", "species": "dog", "gender": "FEMALE",
                 "locationLatitude": "52.2297", "locationLongitude": "21.0122"}}
                """
            let answer = try await Self.post(server, "/v1/report-steps/found/petDetails", body)
            #expect(answer["outcome"] as? String == "advance")
            #expect(answer["next"] as? String == "contactInfo")
            #expect(answer["toast"] is NSNull)
            #expect(Self.field(answer, "locationLatitude")["value"] as? String == "52.2297")
        }
    }

    @Test func aFutureDateIsNotTaken() async throws {
        try await TestServer.with { server in
            let answer = try await Self.post(
                server, "/v1/report-steps/found/petDetails", #"{"values": {"lastSeenDate": "\#(Self.day(3))"}}"#)
            #expect(Self.field(answer, "lastSeenDate")["value"] as? String == "")
            let missing = try await Self.post(
                server, "/v1/report-steps/missing/animalDescription",
                #"{"values": {"lastSeenDate": "\#(Self.day(3))"}}"#)
            #expect(Self.field(missing, "lastSeenDate")["value"] as? String != Self.day(3))
        }
    }

    @Test func submitReportAnswersThePayloadNotStored() async throws {
        try await TestServer.with { server in
            let body = """
                {"action": "continue",
                 "values": {"phone": "+48 123 456 789", "email": "finder@example.com", "caregiverPhone": "600 100 200",
                            "currentAddress": "Marszałkowska 1"},
                 "earlierSteps": {"petDetails": {"lastSeenDate": "\(Self.day(-2))", "species": "cat", "gender": "MALE",
                                  "microchipNumber": "123", "locationLatitude": "52.2297", "locationLongitude": "21.0122"}},
                 \(Self.photo)}
                """
            let answer = try await Self.post(server, "/v1/report-steps/found/contactInfo", body)
            #expect(answer["outcome"] as? String == "advance")
            #expect(answer["next"] as? String == "submitted")
            let report = try #require(answer["report"] as? [String: Any])
            #expect(report["stored"] as? Bool == false)
            #expect((report["notice"] as? String)?.hasPrefix("Not stored") == true)
            let payload = try #require(report["payload"] as? [String: Any])
            #expect(payload["status"] as? String == "FOUND")
            #expect(payload["species"] as? String == "CAT")
            #expect(payload["phone"] as? String == "+48123456789")
            #expect(payload["microchipNumber"] as? String == "123")
            #expect(payload["caregiverPhone"] as? String == "600100200")
            #expect(payload["currentAddress"] as? String == "Marszałkowska 1")
        }
    }

    @Test func submitWithInvalidPetDetailsSendsThePersonBack() async throws {
        try await TestServer.with { server in
            let body = """
                {"action": "continue", "values": {"phone": "1234567", "email": "a@b.co"},
                 "earlierSteps": {"petDetails": {"species": "dog"}}, \(Self.photo)}
                """
            let answer = try await Self.post(server, "/v1/report-steps/found/contactInfo", body)
            #expect(answer["outcome"] as? String == "stay")
            #expect(answer["backTo"] as? String == "petDetails")
            #expect(answer["report"] is NSNull)
            #expect(
                (answer["toast"] as? [String: Any])?["message"] as? String == "Please correct the highlighted fields")
        }
    }

    @Test func browserAnswersEndInTheModelsOutcomes() async throws {
        try await TestServer.with { server in
            let path = "/v1/report-steps/missing/animalDescription/location"
            let located = try await Self.post(
                server, path,
                #"{"values": {"locationLatitude": "1"}, "browser": {"latitude": 50.0614321, "longitude": 19.9365789}}"#)
            #expect(Self.field(located, "locationLatitude")["value"] as? String == "50.06143")
            #expect(Self.field(located, "locationLongitude")["value"] as? String == "19.93658")
            let location = try #require(located["location"] as? [String: Any])
            #expect(location["helper"] as? String == "Location captured successfully")
            #expect(location["status"] as? String == "captured")
            #expect(location["alert"] is NSNull)
            #expect((location["outcome"] as? [String: Any])?["kind"] as? String == "located")

            let denied = try await Self.post(
                server, path,
                #"{"values": {"locationLatitude": "52.1", "locationLongitude": "21.3"}, "browser": {"errorCode": 1}}"#)
            let deniedLocation = try #require(denied["location"] as? [String: Any])
            let alert = try #require(deniedLocation["alert"] as? [String: Any])
            #expect(alert["title"] as? String == "Location access is off")
            #expect(alert["settingsId"] as? String == "locationPermissionAlert.goToSettings.tap")
            #expect(Self.field(denied, "locationLatitude")["value"] as? String == "52.1")

            for (code, helper) in [
                (
                    2,
                    "Location is unavailable (your browser could not tell where this device is). Type the coordinates, or try again later."
                ),
                (3, "Getting your position took too long. Try again, or type the coordinates."),
            ] {
                let failed = try await Self.post(
                    server, path, #"{"values": {"locationLongitude": "7"}, "browser": {"errorCode": \#(code)}}"#)
                #expect((failed["location"] as? [String: Any])?["helper"] as? String == helper)
                #expect(Self.field(failed, "locationLongitude")["value"] as? String == "7")
            }

            // A later edit replays the outcome with its alert already answered.
            let outcome = try JSONSerialization.data(withJSONObject: deniedLocation["outcome"] as Any)
            let replay = try await Self.post(
                server, "/v1/report-steps/missing/animalDescription",
                #"{"location": \#(String(decoding: outcome, as: UTF8.self)), "edit": {"field": "approximateAge", "value": "2"}}"#
            )
            let replayed = try #require(replay["location"] as? [String: Any])
            #expect(replayed["alert"] is NSNull)
            #expect(replayed["status"] as? String == "permissionBlocked")
        }
    }

    @Test func withoutASourceTheServerPathSaysLocationIsUnavailable() async throws {
        try await TestServer.with { server in
            let answer = try await Self.post(server, "/v1/report-steps/found/petDetails/location", #"{}"#)
            let location = try #require(answer["location"] as? [String: Any])
            #expect(location["status"] as? String == "failed")
            #expect((location["helper"] as? String)?.contains("this server has no location source") == true)
        }
    }

    @Test func theServerPathAsksTheSourceAndNeverThePerson() async throws {
        let denied = ServiceConfiguration(
            location: .gpsd(
                GPSDEndpoint(host: "127.0.0.1", port: 1), authorizer: InMemoryAuthorizer(.denied),
                logger: TestServer.quietLogger),
            pagesUseServerLocation: true, logger: TestServer.quietLogger)
        try await TestServer.with(denied) { server in
            let answer = try await Self.post(server, "/v1/report-steps/found/petDetails/location", #"{}"#)
            let location = try #require(answer["location"] as? [String: Any])
            #expect(location["status"] as? String == "permissionBlocked")
            #expect((location["alert"] as? [String: Any])?["cancelTitle"] as? String == "Cancel")
        }
    }
}
