import Foundation
import LocationTestSupport
import Testing

/// `petspot show` (the Pet details card) and `petspot` with no arguments (the demo).
@Suite("petspot show and the default demo", .timeLimit(.minutes(2)))
struct ShowAndDemoTests {
    static let announcement = """
        {"id": "42", "photoUrl": "https://example.com/luna.jpg", "status": "ACTIVE",
         "lastSeenDate": "2025-11-18", "species": "DOG", "gender": "MALE", "breed": null,
         "location": "Warsaw", "locationRadius": "15", "phone": "+48 123 456 789",
         "microchipNumber": "123456789012", "approximateAge": 3, "reward": "500 PLN"}
        """

    static func file(_ text: String) async throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "announcement-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func showOnATerminalPaintsTheBadgeAndPrintsEveryRow() async throws {
        let url = try await Self.file(Self.announcement)
        defer { try? FileManager.default.removeItem(at: url) }
        let session = try PseudoTerminalSession(["show", url.path])
        try session.expect("MISSING")
        try session.expect("Reward: 500 PLN")
        #expect(try session.waitForExit() == 0)
        let card = session.transcript
        #expect(session.rawOutput.contains("\u{1B}[31m\u{1B}[7m MISSING "))
        for row in [
            #"Date of Disappearance\s+Nov 18, 2025"#, #"Contact owner\s+\+48 123 456 789"#,
            #"Microchip number\s+123-456-789-012"#, #"Animal Species\s+Dog"#, #"Animal Race\s+—"#,
            #"Animal Sex\s+♂ Male"#, #"Animal Approx\. Age\s+3 years"#, #"Place of Disappearance\s+Warsaw • ±15 km"#,
            #"Animal Additional Description\s+—"#,
        ] {
            #expect(card.range(of: row, options: .regularExpression) != nil, "no row matching \(row) in\n\(card)")
        }
        #expect(!card.contains("@"))  // no email in the JSON: no email row
    }

    @Test(arguments: [("FOUND", "[FOUND]"), ("CLOSED", "[CLOSED]"), ("ACTIVE", "[MISSING]")])
    func showWithoutATerminalIsPlainText(status: String, badge: String) async throws {
        let json = Self.announcement.replacingOccurrences(of: "\"ACTIVE\"", with: "\"\(status)\"")
        let run = try await PetSpotProcess.run(["show", "-"], stdin: json)
        #expect(run.status == 0)
        #expect(!run.stdout.contains("\u{1B}["))
        #expect(run.stdout.contains("\n\(badge)  Reward: 500 PLN\n"))
    }

    @Test func showOnATerminalWithNoColorHasNoEscapes() async throws {
        let url = try await Self.file(Self.announcement)
        defer { try? FileManager.default.removeItem(at: url) }
        let session = try PseudoTerminalSession(["show", url.path], environment: ["NO_COLOR": "1"])
        try session.expect("[MISSING]")
        #expect(try session.waitForExit() == 0)
        #expect(!session.rawOutput.contains("\u{1B}[3"))
    }

    @Test(arguments: [
        ("{\"status\": \"ACTIVE\"}", "is not an announcement: the required field \"photoUrl\" is missing."),
        ("{not json", "is not an announcement: line 1, column 2: not valid JSON: expected a key in double quotes."),
        (
            "{\"photoUrl\": \"x\", \"status\": 1, \"lastSeenDate\": \"2025-11-18\", \"species\": \"DOG\", \"gender\": \"MALE\"}",
            "is not an announcement: the field \"status\" should be text."
        ),
        ("[1, 2]", "is not an announcement: the announcement should be an object {…}."),
    ])
    func showOfBadJSONSaysWhatIsWrongAndExits65(json: String, message: String) async throws {
        let run = try await PetSpotProcess.run(["show", "-"], stdin: json)
        #expect(run.status == 65)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.hasPrefix("petspot: standard input \(message)"), "\(run.stderr)")
    }

    /// An announcement crafted to clear the screen, set the window title, link the phone
    /// number to another site, overwrite a line and reverse text.
    static let hostile = #"""
        {"photoUrl": "https://example.com/a.jpg\u001b]0;owned\u0007", "status": "ACTIVE\u001b[2J",
         "lastSeenDate": "2025-11-18", "species": "DOG", "gender": "MALE",
         "phone": "\u001b]8;;https://evil.example\u001b\\+48 123 456 789\u001b]8;;\u001b\\",
         "breed": "Beagle\rSHIBA", "location": "Wa\u202ersaw", "reward": "\u001b[1A\u001b[2K500 PLN",
         "description": "first\r\nsecond \u202e\u009b2J"}
        """#

    @Test func showPrintsAHostileAnnouncementEscapedWhenPiped() async throws {
        let run = try await PetSpotProcess.run(["show", "-"], stdin: Self.hostile)
        #expect(run.status == 0, "\(run.stderr)")
        let forbidden: Set<Unicode.Scalar> = ["\u{1B}", "\r", "\u{07}", "\u{202E}", "\u{9B}"]
        #expect(!run.stdout.unicodeScalars.contains(where: forbidden.contains), "\(run.stdout.debugDescription)")
        for shown in [
            #"[ACTIVE\x1B[2J]"#, #"Photo: https://example.com/a.jpg\x1B]0;owned\x07"#,
            #"\x1B]8;;https://evil.example\x1B\+48 123 456 789\x1B]8;;\x1B\"#, #"Beagle\rSHIBA"#,
            "Wa<U+202E>rsaw", #"Reward: \x1B[1A\x1B[2K500 PLN"#, #"second <U+202E>\u{9B}2J"#,
        ] {
            #expect(run.stdout.contains(shown), "no \(shown) in\n\(run.stdout)")
        }
    }

    @Test func showOnATerminalSendsNoEscapeButItsOwnColours() async throws {
        let url = try await Self.file(Self.hostile)
        defer { try? FileManager.default.removeItem(at: url) }
        let session = try PseudoTerminalSession(["show", url.path])
        try session.expect("Animal Additional Description")
        #expect(try session.waitForExit() == 0)
        // The one hyperlink `show` makes itself: the map link, to an ASCII URL it built (the
        // place's bidi character percent-encoded), the same URL as its text.
        let mapURL = "https://www.openstreetmap.org/search?query=Wa%E2%80%AErsaw"
        let link = "\u{1B}]8;;\(mapURL)\u{1B}\\\(mapURL)\u{1B}]8;;\u{1B}\\"
        #expect(session.rawOutput.contains("Show on the map: " + link))
        // What is left once the colours `show` paints itself (SGR: ESC [ digits m) and that
        // link are removed.
        let uncoloured = session.rawOutput.replacingOccurrences(of: link, with: mapURL).replacingOccurrences(
            of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        #expect(!uncoloured.contains("\u{1B}"), "\(uncoloured.debugDescription)")
        #expect(!uncoloured.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{07}" || $0 == "\u{9B}" })
        #expect(!uncoloured.replacingOccurrences(of: "\r\n", with: "\n").contains("\r"))  // the pty's CRLF only
    }

    @Test func showOfAMissingFileExits65() async throws {
        let run = try await PetSpotProcess.run(["show", "/nonexistent/pet.json"])
        #expect(run.status == 65)
        #expect(run.stderr.contains("Cannot read the announcement /nonexistent/pet.json: no such file."))
    }

    @Test func petspotWithNoArgumentsFillsLatAndLongFromTheDefaultScenarioTheSameWayEveryTime() async throws {
        let first = try await PetSpotProcess.run([], timeout: 30)
        #expect(first.status == 0, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains { $0.hasPrefix("Animal description") && $0.hasSuffix("3/4") })
        #expect(lines.contains { $0.contains("prompt    shown: Allow “PetSpot” to use your location?") })
        #expect(lines.contains { $0.contains("person    grant → authorizedWhenInUse") })
        #expect(lines.contains { $0.contains("app       ← located 52.22970, 21.01220") })
        #expect(first.stdout.range(of: #"7\. Lat\s+52\.22970\n"#, options: .regularExpression) != nil)
        #expect(first.stdout.contains("Location captured successfully"))
        #expect(lines.suffix(3).first == "Filled from the scenario's fix: Lat 52.22970, Long 21.01220")
        #expect(!first.stdout.contains("\u{1B}["))
        let second = try await PetSpotProcess.run([], timeout: 30)
        #expect(second.stdout == first.stdout)
    }

    @Test func showRefusesAnAnnouncementWithoutPhoneOrEmail() async throws {
        let json = Self.announcement.replacingOccurrences(of: "\"phone\": \"+48 123 456 789\",", with: "")
        let run = try await PetSpotProcess.run(["show", "-"], stdin: json)
        #expect(run.status == 65)
        #expect(
            run.stderr
                == "petspot: standard input is not an announcement: it has neither a phone nor an email; an announcement needs at least one of them.\n"
        )
    }

    /// On a narrow terminal a long breed is cut with "…" to the width; the map line is a link.
    @Test func showOnANarrowTerminalCutsShortFieldsWithAnEllipsis() async throws {
        let url = try await Self.file(
            Self.announcement.replacingOccurrences(
                of: "\"breed\": null", with: "\"breed\": \"\(String(repeating: "Spaniel ", count: 12))\""))
        defer { try? FileManager.default.removeItem(at: url) }
        let session = try PseudoTerminalSession(["show", url.path], columns: 50)
        try session.expect("Show on the map: ")
        #expect(try session.waitForExit() == 0)
        #expect(session.rawOutput.contains("https://www.openstreetmap.org/search?query=Warsaw"))
        let breed = try #require(session.transcript.split(separator: "\n").first { $0.hasPrefix("Animal Race") })
        #expect(breed.count == 50 && breed.hasSuffix("\u{2026}"), "\(breed)")
    }
}
