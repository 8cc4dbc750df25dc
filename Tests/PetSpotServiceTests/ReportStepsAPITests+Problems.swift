import Foundation
import Location
import Locking
import PetSpotService
import PropertyBased
import Testing

/// What the step API answers to bodies, places, media types and sizes it cannot take: problem
/// details that name the member, never a 5xx.
extension ReportStepsAPITests {
    @Test func malformedBodiesAreProblemsThatNameTheMember() async throws {
        try await TestServer.with { server in
            let path = "/v1/report-steps/found/petDetails"
            for (body, words) in [
                ("not json", "not usable JSON"),
                (#"{"values": {"breed": "a"}, "values": {}}"#, "twice"),
                (#"[1, 2]"#, "JSON object"),
                (#"{"fields": {}}"#, "Unknown member 'fields'"),
                (#"{"values": {"colour": "red"}}"#, "names no field 'colour'"),
                (#"{"values": {"breed": 7}}"#, "must be a string, not a number"),
                (#"{"values": {"species": "dragon"}}"#, "Field 'species': \"dragon\" is not one of the species"),
                (#"{"values": {"lastSeenDate": "yesterday"}}"#, "Field 'lastSeenDate': Use DD/MM/YYYY"),
                (#"{"values": {"gender": "x"}}"#, "Field 'gender': \"x\" is not female or male"),
                (#"{"action": "jump"}"#, "\"edit\" or \"continue\""),
                (#"{"edit": {"field": "breed"}}"#, "'edit' must be"),
                (#"{"location": {"kind": "teleported"}}"#, "'location' must be"),
                (#"{"browser": {"latitude": 91, "longitude": 0}}"#, "not a position on the globe"),
                (#"{"earlierSteps": {"petDetails": {}}}"#, "no step 'petDetails'"),
            ] {
                let answer = try await server.request("POST", path, headers: Self.json, body: Array(body.utf8))
                #expect(answer.status == 400, "\(body): \(answer.body)")
                #expect(answer.header("content-type") == "application/problem+json")
                let detail = try answer.object["detail"] as? String ?? ""
                #expect(detail.contains(words), "\(body): \(detail)")
            }
            let submit = try await server.request(
                "POST", "/v1/report-steps/found/contactInfo", headers: Self.json,
                body: Array(#"{"action": "continue"}"#.utf8))
            #expect(submit.status == 400)
            #expect((try submit.object["detail"] as? String)?.contains("earlierSteps.petDetails") == true)
        }
    }

    /// Submit report carries the person's values once; the server's earlier answers (the last
    /// Continue's values, a location outcome) do not travel back with it.
    @Test func submitWithTheServersEarlierAnswersIsAProblemThatNamesThem() async throws {
        try await TestServer.with { server in
            let earlier = #""earlierSteps": {"petDetails": {}}"#
            for (member, body) in [
                ("checked", #"{"action": "continue", "checked": {"phone": "1"}, \#(earlier)}"#),
                (
                    "location",
                    #"{"action": "continue", "location": {"kind": "permissionBlocked", "block": "denied"}, \#(earlier)}"#
                ),
                ("edit", #"{"action": "continue", "edit": {"field": "phone", "value": "1"}, \#(earlier)}"#),
            ] {
                let answer = try await server.request(
                    "POST", "/v1/report-steps/found/contactInfo", headers: Self.json, body: Array(body.utf8))
                #expect(answer.status == 400, "\(body): \(answer.body)")
                #expect(try answer.object["member"] as? String == member)
                let detail = try answer.object["detail"] as? String ?? ""
                #expect(detail.contains("Submit report takes what the person entered"), "\(detail)")
            }
            // The same members with an edit of the last step are the page's everyday requests.
            let edit = try await server.request(
                "POST", "/v1/report-steps/found/contactInfo", headers: Self.json,
                body: Array(#"{"action": "edit", "checked": {"phone": "1"}}"#.utf8))
            #expect(edit.status == 200, "\(edit.body)")
        }
    }

    @Test func wrongPlacesMediaTypesAndSizesAreProblems() async throws {
        try await TestServer.with { server in
            for (path, headers, body, status) in [
                ("/v1/report-steps/lost/petDetails", Self.json, Array("{}".utf8), 404),
                ("/v1/report-steps/found/animalDescription", Self.json, Array("{}".utf8), 404),
                ("/v1/report-steps/found/uploadPhoto", Self.json, Array("{}".utf8), 404),
                ("/v1/report-steps/found/contactInfo/location", Self.json, Array("{}".utf8), 404),
                ("/v1/report-steps/found/petDetails", [("Content-Type", "text/plain")], Array("{}".utf8), 415),
                ("/v1/report-steps/found/petDetails", [], Array("{}".utf8), 415),
                ("/v1/report-steps/found/petDetails?debug=1", Self.json, Array("{}".utf8), 400),
                (
                    "/v1/report-steps/found/petDetails", Self.json,
                    Array(#"{"values": {"description": ""#.utf8) + [UInt8](repeating: 0x61, count: 300 * 1024)
                        + Array(#""}}"#.utf8), 413
                ),
            ] {
                let answer = try await server.request("POST", path, headers: headers, body: body)
                #expect(answer.status == status, "\(path): \(answer.body)")
                #expect(answer.header("content-type") == "application/problem+json")
            }
            let wrongMethod = try await server.request("GET", "/v1/report-steps/found/petDetails")
            #expect(wrongMethod.status == 405)
        }
    }

    @Test func aLongDescriptionIsCutByTheModelNotRefused() async throws {
        try await TestServer.with { server in
            let text = String(repeating: "🐶", count: 700)
            let answer = try await Self.post(
                server, "/v1/report-steps/found/petDetails", #"{"edit": {"field": "description", "value": "\#(text)"}}"#
            )
            let description = Self.field(answer, "description")
            #expect((description["value"] as? String)?.count == 500)
            #expect(description["helper"] as? String == "500/500")
        }
    }
}
