import Foundation
import LocationTestSupport
import Testing

/// The reports file of `petspot nearby`, through the binary: JSON decoded into real types,
/// CSV read per RFC 4180, duplicate keys and hostile ids.
@Suite("petspot nearby: the reports file")
struct NearbyReportsFileTests {
    static func nearby(_ input: String, from: String = "0, 0") async throws -> PetSpotProcess.Output {
        try await PetSpotProcess.run(["nearby", "--from", from, "--reports", "-"], stdin: input)
    }

    static func nearby(bytes: [UInt8], from: String = "0, 0") async throws -> PetSpotProcess.Output {
        let path = try NearbyCommandTests.file("", name: "reports")
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try await PetSpotProcess.run(["nearby", "--from", from, "--reports", path])
    }

    /// JSON numbers 0 and 1 are numbers (NSNumber once took them for booleans).
    @Test(arguments: [
        (#"[{"id": "eq", "latitude": 0, "longitude": 0.5, "radiusKm": 100}]"#, "eq"),
        (#"[{"id": "pm", "latitude": 0.5, "longitude": 0, "radiusKm": 100}]"#, "pm"),
        (#"[{"id": "one", "latitude": 0, "longitude": 0, "radiusKm": 1}]"#, "one"),
        (#"[{"id": "zero", "latitude": 0, "longitude": 0, "radiusKm": 0}]"#, "zero"),
        (#"[{"id": "api", "latitude": 1, "longitude": 1, "locationRadius": 1000}]"#, "api"),
        (#"[{"id": 7, "latitude": 0, "longitude": 0, "radiusKm": 1}]"#, "7"),
        (#"[{"id": "e", "latitude": 0.0, "longitude": -0e0, "radiusKm": 1E1, "extra": [1, {"x": 1}]}]"#, "e"),
    ])
    func zeroOneAndNumericIdsAreRead(json: String, id: String) async throws {
        let output = try await Self.nearby(json)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("1 of 1 reports within reach"), "\(output.stdout)")
        #expect(output.stdout.contains("  \(id)  "))
    }

    @Test(arguments: [
        (
            #"[{"id": true, "latitude": 0, "longitude": 0, "radiusKm": 1}]"#,
            "item 1: id must be text or a whole number, not true"
        ),
        (
            #"[{"id": 1.5, "latitude": 0, "longitude": 0, "radiusKm": 1}]"#,
            "item 1: id must be text or a whole number, not a fraction"
        ),
        (#"[{"id": "", "latitude": 0, "longitude": 0, "radiusKm": 1}]"#, "item 1: id is empty"),
        (#"[{"latitude": 0, "longitude": 0, "radiusKm": 1}]"#, "item 1: id is missing"),
        (
            #"[{"id": "a", "latitude": true, "longitude": 0, "radiusKm": 1}]"#,
            "item 1: latitude must be a number, not true"
        ),
        (
            #"[{"id": "a", "latitude": "52.1", "longitude": 0, "radiusKm": 1}]"#,
            "latitude must be a number, not the text \"52.1\""
        ),
        (
            #"[{"id": "a", "latitude": 0, "longitude": null, "radiusKm": 1}]"#,
            "item 1: longitude must be a number, not null"
        ),
        (#"[{"id": "a", "latitude": 0, "longitude": 0}]"#, "item 1: radiusKm is missing"),
        (
            #"[{"id": "a", "latitude": 0, "longitude": 0, "radiusKm": false}]"#,
            "item 1: radiusKm must be a number, not false"
        ),
        (#"[{"id": "a", "latitude": 0, "longitude": 0, "radiusKm": 1, "locationRadius": 2}]"#, "not both"),
        (#"[{"id": "a", "latitude": 1e400, "longitude": 0, "radiusKm": 1}]"#, "item 1: latitude must be a number"),
        (#"[{"id": "a", "latitude": 91, "longitude": 0, "radiusKm": 1}]"#, "item 1: 91.0, 0.0: "),
        (#"[1, "x"]"#, "item 2: expected an object"),
        (#"{"id": "a"}"#, "expected a JSON array of report objects"),
        (
            #"[{"id": "a", "id": "b", "latitude": 0, "longitude": 0, "radiusKm": 1}]"#,
            #"standard input, line 1: the key "id" appears twice in the object at $[0]"#
        ),
        (
            #"[{"id": "a", "latitude": 0, "longitude": 0, "radiusKm": 1, "\u0072adiusKm": 900}]"#,
            #"the key "radiusKm" appears twice"#
        ),
    ])
    func wrongTypesAndDuplicateKeysAreRefusedWithTheItem(json: String, message: String) async throws {
        let output = try await Self.nearby(json)
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test(arguments: [
        ("id,latitude,longitude,radiusKm\r\nr1,0,0,5\r\nr2,0.01,0,5\r\n", 2),
        ("id,latitude,longitude,radiusKm\nr1,0,0,5\nr2,0.01,0,5", 2),
        ("# exported 2026-11-23\nid,latitude,longitude,radiusKm\nr1,0,0,5\n", 1),
        ("\u{FEFF}id,latitude,longitude,radiusKm\r\nr1,0,0,5\r\n", 1),
        ("r1,0,0,5\rr2,0,0,5\r", 2),
        ("radiusKm,ID,lon,lat,notes\n5,r1,0,0,\"near the \"\"old\"\" mill, by the river\"\n", 1),
        ("id,latitude,longitude,radiusKm\n\"#1, the first\",0,0,5\n  \"r2\" , 0 , 0 , 5 \n", 2),
        ("id,latitude,longitude,radiusKm\n\"multi\nline\",0,0,5\n", 1),
    ])
    func csvWithCRLFHeadersCommentsAByteOrderMarkAndQuotesIsRead(csv: String, count: Int) async throws {
        let output = try await Self.nearby(csv)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("\(count) of \(count) reports within reach"), "\(output.stdout)")
    }

    @Test(arguments: [
        ("r1,0,0,0x10\n", "line 1: radiusKm \"0x10\" is not a number"),
        ("r1,0,0,nan\n", "line 1: radiusKm \"nan\" is not a number"),
        ("r1,0,0,inf\n", "line 1: radiusKm \"inf\" is not a number"),
        ("r1,0,0,1e3\n", "line 1: radiusKm \"1e3\" is not a number"),
        ("r1,nan,0,5\n", "line 1: latitude \"nan\""),
        ("r1,0x10,0,5\n", "line 1: latitude \"0x10\""),
        ("id,latitude,longitude,radiusKm\r\nr1,0,0,5\r\nr\"2,0,0,5\r\n", "line 3: a quote inside an unquoted field"),
        ("id,latitude,longitude,radiusKm\n\"r1\"x,0,0,5\n", "line 2: text after the closing quote"),
        (
            "id,latitude,longitude,radiusKm\nr1,0,0,5\n\"r2,0,0,5\n",
            "line 3: the quoted field opened on line 3 is never closed"
        ),
        ("id,latitude,longitude\nr1,0,0\n", "line 1: the header has no radiusKm column"),
        ("id,lat,latitude,lon,radius\n", "line 1: the header names the latitude column twice"),
        (
            "id,latitude,longitude,radiusKm\nr1,0,0,5,extra\n",
            "line 2: expected id,latitude,longitude,radiusKm (4 fields), found 5"
        ),
        (
            "id;latitude;longitude;radiusKm\r\nr1;0;0;5\r\n",
            "line 1: expected id,latitude,longitude,radiusKm (4 fields), found 1"
        ),
        (",0,0,5\n", "line 1: id is missing"),
    ])
    func badCSVRowsAreListedWithTheirLinesAndTheCommandFails(csv: String, message: String) async throws {
        let output = try await Self.nearby(csv)
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr.contains(message), "\(output.stderr)")
    }

    @Test func aFileThatIsNotUTF8IsRefused() async throws {
        let output = try await Self.nearby(bytes: Array("r1,0,0,5\nr\u{E9}".utf8.dropLast(1)) + [0xFF, 0xFE])
        #expect(output.status == 1)
        #expect(output.stderr.contains("is not UTF-8 text"), "\(output.stderr)")
    }

    @Test func aHostileIdIsShownEscapedOnTheTerminalAndExactInJSON() async throws {
        let id = "r\u{1B}]0;owned\u{07}\u{1B}[2J\u{202E}1\r"
        let json = #"[{"id": "r\u001b]0;owned\u0007\u001b[2J\u202e1\r", "latitude": 0, "longitude": 0, "radiusKm": 5}]"#
        let text = try await Self.nearby(json)
        #expect(text.status == 0)
        #expect(text.stdout.contains(#"r\x1B]0;owned\x07\x1B[2J<U+202E>1\r"#), "\(text.stdout)")
        #expect(
            !text.stdout.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\r" || $0 == "\u{7}" || $0 == "\u{202E}" })
        let machine = try await PetSpotProcess.run(
            ["nearby", "--json", "--from", "0, 0", "--reports", "-"], stdin: json)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(machine.stdout.utf8)) as? [String: Any])
        let matches = try #require(object["matches"] as? [[String: Any]])
        #expect(matches.first?["id"] as? String == id)
    }

    @Test func argumentErrorsQuotingTheArgumentAreTerminalSafe() async throws {
        let output = try await PetSpotProcess.run([
            "nearby", "--from", "1, 1", "--reports", "-", "--limit", "\u{1B}[2J\u{202E}",
        ])
        #expect(output.status == 64)
        #expect(output.stderr.contains(#"\x1B[2J<U+202E>"#), "\(output.stderr)")
        #expect(!output.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        let from = try await PetSpotProcess.run(["nearby", "--from", "\u{1B}]0;owned\u{07}", "--reports", "-"])
        #expect(from.status == 1)
        #expect(from.stderr.contains(#"\x1B]0;owned\x07"#), "\(from.stderr)")
        #expect(!from.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" })
    }
}
