import Foundation
import OutsideInput
import Scenarios
import Testing

/// Every error names the file, line and column, and says what was expected.
@Suite("Scenario files: errors")
struct ScenarioErrorTests {
    static let cases: [(String, String)] = [
        // Unknown keys, at every level.
        (
            "title: t\nauthorisation: denied\n",
            "test.yaml:2:1: unknown key 'authorisation' in a scenario; expected one of: title, description, authorization, prompt, start, timeline, consumer, expect"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - fix: {coordinate: \"1, 2\", acuracy: 5}\n",
            "test.yaml:4:31: unknown key 'acuracy' in a fix; expected one of: coordinate, latitude, longitude, accuracy, verticalAccuracy, altitude, speed, course, satellites"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - teleport: {}\n",
            "test.yaml:4:5: unknown key 'teleport' in a timeline event; expected a timeline event: one of wait, fix, noFix, receiverLost, receiverBack, authorization, track (and optionally at)"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - nofix\n",
            "test.yaml:4:5: unknown a timeline event 'nofix'; expected a timeline event: one of wait, fix, noFix, receiverLost, receiverBack, authorization, track"
        ),
        (
            "title: t\nauthorization: {status: denied, precise: true}\n",
            "test.yaml:2:33: unknown key 'precise' in the authorization; expected one of: status, accuracy"
        ),
        (
            "title: t\nauthorization: denied\nconsumer:\n  - watch: {count: 2, until: 5s}\n",
            "test.yaml:4:23: unknown key 'until' in watch; expected one of: count, for"
        ),
        (
            "title: t\nauthorization: denied\nexpect:\n  - request: {ends: denied, nth: 2}\n",
            "test.yaml:4:29: unknown key 'nth' in a request expectation; expected one of: ends, number"
        ),
        // Wrong values.
        (
            "title: t\nauthorization: allowed\n",
            "test.yaml:2:16: unknown authorization status 'allowed'; expected one of: notDetermined, restricted, denied, authorizedWhenInUse, authorizedAlways"
        ),
        (
            "title: t\nauthorization: notDetermined\nprompt: maybe\n",
            "test.yaml:3:9: unknown prompt answer 'maybe'; expected one of: grant, grantApproximate, grantAlways, deny"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - fix: {latitude: 95, longitude: 21}\n",
            "test.yaml:4:21: latitude 95.0: Must be between -90 and 90"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - fix: {coordinate: \"52.2297\"}\n",
            "test.yaml:4:23: coordinate '52.2297': Expected a latitude and a longitude, found 1 value"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - fix: {coordinate: \"1, 2\", accuracy: -3}\n",
            "test.yaml:4:41: accuracy must be between 0 and 100000000, found -3.0"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - fix: {latitude: abc, longitude: 2}\n",
            "test.yaml:4:21: expected a number for 'latitude', found 'abc'"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - fix: {accuracy: 3}\n",
            "test.yaml:4:10: a fix needs a position: coordinate: \"52.2297, 21.0122\", or latitude: and longitude:"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - wait: soon\n",
            "test.yaml:4:11: expected a duration such as 30s, 500ms, 1m30s or a number of seconds, found 'soon'"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - fix: {coordinate: \"1, 2\"}\n    wait: 2s\n",
            "test.yaml:5:5: one a timeline event per list item: found both 'fix' and 'wait'; start a new item with '-'"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - noFix: 3\n",
            "test.yaml:4:5: 'noFix' takes no value: write it as '- noFix'"
        ),
        (
            "title: t\nauthorization: denied\ntimeline: {fix: 1}\n",
            "test.yaml:3:11: expected a list for 'timeline', found a mapping"
        ),
        (
            "title: t\nauthorization: denied\nstart: yesterday\n",
            "test.yaml:3:8: start must be an ISO 8601 time such as 2026-05-01T12:00:00Z, found 'yesterday'"
        ),
        // Missing keys.
        ("authorization: denied\n", "test.yaml:1:1: missing key 'title'"),
        ("title: t\n", "test.yaml:1:1: missing key 'authorization'"),
        (
            "title: t\nauthorization: notDetermined\n",
            "test.yaml:2:16: authorization can be notDetermined, so say how the person answers the prompt: prompt: grant, grantApproximate, grantAlways or deny"
        ),
        // Time order and absurd sizes.
        (
            "title: t\nauthorization: denied\ntimeline:\n  - wait: 5s\n  - at: 2s\n    fix: {coordinate: \"1, 2\"}\n",
            "test.yaml:5:5: at: 2s is before the previous event (at 5s); events must be in time order"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - wait: 90h\n",
            "test.yaml:4:11: duration '90h' is longer than the limit of 24h"
        ),
        (
            "title: t\nauthorization: denied\ntimeline:\n  - wait: 20h\n  - wait: 5h\n",
            "test.yaml:5:5: the timeline reaches 90000s, beyond the limit of 24h"
        ),
        (
            "title: t\nauthorization: denied\nconsumer:\n  - watch: {count: 1000000000}\n",
            "test.yaml:4:20: count must be between 1 and 100000, found 1000000000"
        ),
        // Syntax.
        (
            "title: t\nauthorization: [denied\n",
            "test.yaml:3:1: not valid YAML or JSON: did not find expected ',' or ']' (while parsing a flow sequence at 2:16)"
        ),
        ("title: t\ntitle: u\nauthorization: denied\n", "test.yaml:1:1: duplicate key 'title' in a mapping"),
        ("", "test.yaml:1:1: the file is empty; expected a scenario with title:, authorization: and timeline:"),
        (
            "{\"title\": \"t\", \"authorization\": \"denied\", \"timeline\": [\"noFix\",]x}",
            "test.yaml:1:65: not valid YAML or JSON: did not find expected ',' or '}'"
        ),
    ]

    @Test(arguments: cases)
    func errorNamesFileLineColumnAndWhatWasExpected(text: String, message: String) {
        let error = decodingError(text)
        #expect(error?.description.hasPrefix(message) == true, "\(error?.description ?? "no error")")
    }

    @Test func jsonFilesGetTheSameCheckedErrors() {
        let json = "{\"title\": \"t\",\n \"authorization\": \"denied\",\n \"timline\": []}"
        #expect(
            decodingError(json, file: "qa.json")?.description
                == "qa.json:3:2: unknown key 'timline' in a scenario; expected one of: title, description, authorization, prompt, start, timeline, consumer, expect"
        )
        #expect(
            decodingError(
                "{\"title\": 5, \"authorization\": \"denied\", \"timeline\": [{\"fix\": {\"latitude\": \"north\", \"longitude\": 1}}]}",
                file: "qa.json")?.description
                == "qa.json:1:75: expected a number for 'latitude', found 'north'")
    }

    @Test func trackErrorsNameTheTrackFileAndLine() {
        let scenario = "title: t\nauthorization: denied\ntimeline:\n  - track: walk.nmea\n"
        let badChecksum = "$GPGGA,120000.00,5213.782000,N,02100.732000,E,1,08,1.00,110.0,M,,,,*00\n"
        #expect(
            decodingError(scenario, tracks: ["walk.nmea": "# header\n" + badChecksum])?.description
                == "walk.nmea:2:69: checksum *00 does not match the sentence (expected *08)")
        #expect(
            decodingError(scenario)?.description == "test.yaml:4:12: no such file")
        #expect(
            decodingError("title: t\nauthorization: denied\ntimeline:\n  - track: walk.kml\n")?.description
                == "test.yaml:4:12: cannot tell the format of 'walk.kml': name it .gpx or .nmea, or add format: gpx|nmea"
        )
        #expect(
            decodingError(scenario, tracks: ["walk.nmea": "# nothing\n"])?.description
                == "test.yaml:4:12: track 'walk.nmea' has no points")
    }

    /// A long track name was cut at its end, so its error lost the file's name and extension
    /// (`walking-warsaooo…:1:1: not valid GPX`; found by `FuzzScenarioFile`, whose property
    /// is that every error names its file). Now its start and end stay, 80 characters in all.
    @Test func aLongTrackNameKeepsItsEndInTheError() throws {
        let name = "walking-wars" + String(repeating: "a", count: 200) + "w.gpx"
        let scenario = "title: t\nauthorization: denied\ntimeline:\n  - track: \(name)\n"
        let description = try #require(decodingError(scenario, tracks: [name: ""])?.description)
        #expect(description.hasSuffix("aaaaaaaw.gpx:1:1: not valid GPX (XML): no root element"), "\(description)")
        #expect(description.hasPrefix("walking-wars"))
        let location = try #require(description.split(separator: ":").first)
        #expect(location.count == InputQuote.maximumCharacters)
        // A million characters, and control characters, are still not echoed.
        let hostile = "\u{1B}[2J" + String(repeating: "b", count: 1_000_000) + ".gpx"
        #expect(InputQuote.path(hostile).count < 100)
        #expect(!InputQuote.path(hostile).contains("\u{1B}"))
    }

    /// A GPX declaring a 700-character encoding name full of NULs gave an 830-character
    /// error (found by `FuzzScenarioTranscript`): the name was quoted whole, and the last guard
    /// cut the message at 600 characters before each NUL became the 6-character `\u{0}`.
    /// Now the name is quoted like any input (80 characters) and the guard cuts after escaping.
    @Test func aHostileEncodingNameIsQuotedShortAndTheErrorStaysBounded() throws {
        let name = "UTF-# " + String(repeating: "\u{0}\u{FFFD}", count: 350)
        let track = "<?xml version=\"1.0\" encoding=\"\(name)\"?>\n<gpx/>"
        let scenario = "title: t\nauthorization: denied\ntimeline:\n  - track: t.gpx\n"
        let description = try #require(decodingError(scenario, tracks: ["t.gpx": track])?.description)
        #expect(description.hasPrefix("t.gpx:1:1: GPX must be UTF-8; this file declares encoding 'UTF-# "))
        #expect(description.count < 80 * 6 + 100, "\(description.count) characters")
        #expect(!description.contains("\u{0}"))
        // The last guard: a message of escapes is cut once escaped.
        let error = ScenarioError(file: "f", message: String(repeating: "\u{0}", count: 1_000))
        #expect(error.description.count == "f: ".count + ScenarioError.maximumMessageCharacters + 1)
    }

    @Test func billionLaughsIsRejectedNotExpanded() {
        var text = "title: t\nauthorization: denied\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            text +=
                "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
                + "]\n"
        }
        let error = decodingError(text)
        #expect(error?.description.contains("expands to more than") == true, "\(error?.description ?? "no error")")
    }

    @Test func oversizedFilesAreRejectedBeforeParsing() {
        let text =
            "title: t\nauthorization: denied\n# " + String(repeating: "x", count: ScenarioLimits.maximumFileBytes)
        #expect(
            decodingError(text)?.description == "test.yaml: the file is \(text.utf8.count) bytes; the limit is 4194304")
    }

    @Test func tooManyEventsAreRejected() {
        let points = String(repeating: "<wpt lat=\"1\" lon=\"2\"/>\n", count: ScenarioLimits.maximumEvents + 1)
        let error = decodingError(
            "title: t\nauthorization: denied\ntimeline:\n  - track: big.gpx\n",
            tracks: ["big.gpx": "<gpx>\n" + points + "</gpx>\n"])
        #expect(
            error?.description
                == "test.yaml:4:12: track 'big.gpx' has 100001 points; a timeline is limited to 100000 events")
    }
}
