import Foundation
import PetSpotService
import Reports
import SQLiteReportStore
import Testing

/// The Missing flow's steps 1/4 and 4/4 through the step API, and Submit report, which
/// replays the whole flow and stores the report with its photo, on a live server with a real
/// client.
@Suite(.serialized, .timeLimit(.minutes(5)))
struct MissingStepsAPITests {
    typealias API = ReportStepsAPITests

    @Test func theMicrochipIsGroupedRefusedWhenNotANumberAndOptional() async throws {
        try await TestServer.with { server in
            let path = "/v1/report-steps/missing/microchip"
            let grouped = try await API.post(
                server, path, #"{"edit": {"field": "microchipNumber", "value": "123456789012"}}"#)
            #expect(API.field(grouped, "microchipNumber")["value"] as? String == "12345-67890-12")
            #expect(
                API.field(grouped, "microchipNumber")["id"] as? String == "microchipNumber.microchipTextField.input")
            #expect(grouped["progress"] as? String == "1/4")
            let refused = try await API.post(
                server, path,
                #"{"values": {"microchipNumber": "12345"}, "edit": {"field": "microchipNumber", "value": "12345a"}}"#)
            #expect(API.field(refused, "microchipNumber")["value"] as? String == "12345", "the number stays")
            #expect(
                API.field(refused, "microchipNumber")["error"] as? String
                    == "Digits only (spaces and hyphens are fine), not “a”; nothing was changed")
            let tooLong = try await API.post(
                server, path, #"{"edit": {"field": "microchipNumber", "value": "1234567890123456"}}"#)
            #expect(
                API.field(tooLong, "microchipNumber")["error"] as? String
                    == "At most 15 digits; this one has 16: the first 15 were kept")
            #expect(API.field(tooLong, "microchipNumber")["value"] as? String == "12345-67890-12345")
            let empty = try await API.post(server, path, #"{"action": "continue", "values": {"microchipNumber": ""}}"#)
            #expect(empty["outcome"] as? String == "advance")
            #expect(empty["next"] as? String == "animalPhoto")
        }
    }

    /// Before 1900 (issue 32) and, since issue 43, after today: a later day typed into the date
    /// input was put back without a word.
    @Test(arguments: [
        ("0203-12-31", "The date cannot be before 1900"), ("2999-01-01", "The date cannot be in the future"),
    ])
    func aDateOutOfRangeIsRefusedWithItsMessageAndTheDateStays(day: String, message: String) async throws {
        try await TestServer.with { server in
            let refused = try await API.post(
                server, "/v1/report-steps/missing/animalDescription",
                #"{"values": {"lastSeenDate": "2025-11-01"}, "edit": {"field": "lastSeenDate", "value": "\#(day)"}}"#
            )
            #expect(API.field(refused, "lastSeenDate")["error"] as? String == message)
            #expect(API.field(refused, "lastSeenDate")["value"] as? String == "2025-11-01", "the date stays")
        }
    }

    static let description = #""animalDescription": {"species": "dog", "breed": "Beagle", "gender": "FEMALE"}"#
    static let photo = API.photo

    @Test func contactDetailsNeedsAPhoneOrAnEmailWithTheFoundFlowsRules() async throws {
        try await TestServer.with { server in
            let path = "/v1/report-steps/missing/contactDetails"
            let none = try await API.post(
                server, path,
                #"{"action": "continue", "values": {}, "earlierSteps": {\#(Self.description)}, \#(Self.photo)}"#)
            #expect(none["outcome"] as? String == "stay")
            #expect((none["toast"] as? [String: Any])?["message"] as? String == "Please correct the highlighted fields")
            #expect(API.field(none, "phone")["error"] as? String == "Enter a phone number or an email")
            #expect(API.field(none, "email")["error"] as? String == "Enter a phone number or an email")
            let bad = try await API.post(
                server, path,
                #"{"action": "continue", "values": {"phone": "123", "email": "a@b"}, "earlierSteps": {\#(Self.description)}, \#(Self.photo)}"#
            )
            #expect(API.field(bad, "phone")["error"] as? String == "Enter a valid phone number (7–11 digits)")
            #expect(API.field(bad, "email")["error"] as? String == "Enter a valid email address")
            #expect(bad["report"] is NSNull)
        }
    }

    @Test func submitReportWithoutAStoreShowsTheWholeReport() async throws {
        try await TestServer.with { server in
            let answer = try await API.post(
                server, "/v1/report-steps/missing/contactDetails",
                #"{"action": "continue", "values": {"phone": "+48 600 700 800"}, "earlierSteps": {"microchip": {"microchipNumber": "12345-67890-12345"}, \#(Self.description)}, \#(Self.photo)}"#
            )
            #expect(answer["outcome"] as? String == "advance")
            #expect(answer["next"] as? String == "submitted")
            let report = try #require(answer["report"] as? [String: Any])
            #expect(report["stored"] as? Bool == false)
            #expect(report["id"] is NSNull && report["url"] is NSNull)
            let payload = try #require(report["payload"] as? [String: Any])
            #expect(payload["flow"] as? String == "missing" && payload["steps"] as? String == "1-4")
            #expect(payload["microchipNumber"] as? String == "123456789012345")
            #expect(payload["phone"] as? String == "+48600700800")
            #expect(payload["email"] is NSNull)
            #expect(payload["breed"] as? String == "Beagle")
            #expect(payload["species"] as? String == "DOG")
            #expect((payload["photo"] as? [String: Any])?["filename"] as? String == "dog.png")
        }
    }

    @Test func submitGoesBackToAStepThatNoLongerPasses() async throws {
        try await TestServer.with { server in
            let path = "/v1/report-steps/missing/contactDetails"
            let description = try await API.post(
                server, path,
                #"{"action": "continue", "values": {"email": "owner@example.com"}, "earlierSteps": {"animalDescription": {"species": "dog"}}, \#(Self.photo)}"#
            )
            #expect(description["backTo"] as? String == "animalDescription")
            #expect(description["report"] is NSNull)
            let noPhoto = try await API.post(
                server, path,
                #"{"action": "continue", "values": {"email": "owner@example.com"}, "earlierSteps": {\#(Self.description)}}"#
            )
            #expect(noPhoto["backTo"] as? String == "animalPhoto")
            #expect((noPhoto["toast"] as? [String: Any])?["message"] as? String == "Photo is mandatory")
            let notAPhoto = try await API.post(
                server, path,
                #"{"action": "continue", "values": {"email": "owner@example.com"}, "earlierSteps": {\#(Self.description)}, "photo": {"filename": "notes.png", "data": "aGVsbG8="}}"#
            )
            #expect(notAPhoto["backTo"] as? String == "animalPhoto")
            #expect(
                (notAPhoto["toast"] as? [String: Any])?["message"] as? String
                    == "This file is not a JPG, PNG, HEIC, GIF or WEBP image. Choose a photo.")
            let missing = try await server.request(
                "POST", path, headers: API.json, body: Array(#"{"action": "continue", "values": {}}"#.utf8))
            #expect(missing.status == 400)
            #expect((try missing.object["detail"] as? String)?.contains("earlierSteps.animalDescription") == true)
        }
    }

    @Test func submitReportStoresTheReportAndItsPhotoInOneRequest() async throws {
        try await ReportRoutesTests.withStore { server, _ in
            let answer = try await API.post(
                server, "/v1/report-steps/missing/contactDetails",
                #"{"action": "continue", "values": {"email": "owner@example.com"}, "earlierSteps": {"microchip": {"microchipNumber": "123456789012345"}, "animalDescription": {"species": "cat", "breed": "Tabby", "gender": "MALE", "lastSeenDate": "2025-11-17", "locationLatitude": "52.2297", "locationLongitude": "21.0122"}}, \#(Self.photo)}"#
            )
            #expect(answer["outcome"] as? String == "advance")
            let report = try #require(answer["report"] as? [String: Any])
            #expect(report["stored"] as? Bool == true)
            #expect(report["payload"] is NSNull && report["notice"] is NSNull)
            let id = try #require(report["id"] as? String)
            #expect(report["url"] as? String == "/pets/\(id)")
            let photo = try await server.request("/v1/reports/\(id)/photo")
            #expect(photo.status == 200)
            #expect(photo.header("content-type") == "image/png")
            // The owner's card (their token): the exact place (a stranger's is a grid cell's centre).
            let token = try #require(report["ownerToken"] as? String)
            let card = try await server.request(
                "/v1/reports/\(id)/card", headers: [("Authorization", "Bearer \(token)")])
            #expect(card.status == 200, "\(card.body)")
            let object = try card.object
            #expect((object["status"] as? [String: Any])?["text"] as? String == "MISSING")
            #expect((object["status"] as? [String: Any])?["color"] as? String == "red")
            #expect(object["photoUrl"] as? String == "/v1/reports/\(id)/photo")
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
            let age = try #require(fields.first { $0["label"] as? String == "Animal Approx. Age" })
            #expect(age["empty"] as? Bool == true, "typed data: the page does not look for the dash")
            #expect(age["half"] as? Bool == true)
            let email = try #require(fields.first { $0["id"] as? String == "petDetails.email.tap" })
            #expect(email["href"] as? String == "mailto:owner@example.com")
            #expect(email["empty"] as? Bool == false)
            #expect(!fields.contains { $0["id"] as? String == "petDetails.phone.tap" }, "only the contact given")
            let map = try #require(object["map"] as? [String: Any])
            #expect(
                (map["url"] as? String)?.hasPrefix("https://www.openstreetmap.org/?mlat=52.22970&mlon=21.01220") == true
            )
        }
    }

    @Test func aPhotoTheServerCannotKeepStoresNothingAndSaysWhy() async throws {
        let folder = try TemporaryStoreFolder()
        let store = try SQLiteReportStore(path: folder.path)
        try await TestServer.with(
            ServiceConfiguration(
                logger: TestServer.quietLogger, reports: store, photos: ReportPhotoFolder(path: "/dev/null/photos"),
                today: ReportRoutesTests.today)
        ) { server in
            let answer = try await server.request(
                "POST", "/v1/report-steps/missing/contactDetails", headers: API.json,
                body: Array(ExampleRequests.missingSubmit.utf8))
            #expect(answer.status == 500, "\(answer.body)")
            let detail = try #require(try answer.object["detail"] as? String)
            #expect(detail.hasPrefix("The photo could not be kept, so nothing was stored. Try again"), "\(detail)")
            #expect(!detail.contains("/dev/null"), "the visitor is not shown the server's folders")
            #expect(try answer.object["reason"] as? String == "photoFailed")
            #expect(try await store.count() == 0, "one request: no report without its photo")
        }
        await store.close()
    }

    @Test func aPostedMissingReportsMicrochipIsTheStoredDigits() async throws {
        try await ReportRoutesTests.withStore { server, _ in
            for (chip, message) in [
                ("12a", "Digits only (spaces and hyphens are fine), not \u{201C}a\u{201D}; nothing was changed"),
                ("1234567890123456", "At most 15 digits; this one has 16 (nothing was cut)"),
            ] {
                let body = #"{"species":"dog","breed":"Beagle","gender":"FEMALE","microchipNumber":"\#(chip)"}"#
                let refused = try await server.request(
                    "POST", "/v1/reports/missing", headers: API.json, body: Array(body.utf8))
                #expect(refused.status == 422, "\(chip): \(refused.body)")
                let errors = try refused.object["errors"] as? [[String: Any]] ?? []
                #expect(errors.first?["field"] as? String == "microchipNumber")
                #expect(errors.first?["message"] as? String == message)
            }
            // The one microchip codec: grouped digits are the same number, stored as digits.
            for chip in ["123456789012345", "12345-67890-12345"] {
                let body =
                    #"{"species":"dog","breed":"Beagle","gender":"f","microchipNumber":"\#(chip)","phone":"+48123456789"}"#
                let stored = try await server.request(
                    "POST", "/v1/reports/missing", headers: API.json, body: Array(body.utf8))
                #expect(stored.status == 201, "\(stored.body)")
                #expect(try stored.object["microchipNumber"] as? String == "123456789012345")
                #expect(try stored.object["gender"] as? String == "FEMALE")
            }
        }
    }
}
