import Foundation
import Geodata
import Location
import Scenarios
import Testing

/// Hostile numbers and text in scenario files and tracks: refused at their line and column,
/// never a trap, never echoed whole, never a control character on the terminal.
@Suite("Scenario files: hostile input")
struct HostileScenarioInputTests {
    static let ggaPrefix = "GPGGA,120000.00,5213.78,N,02100.73,E,1,"

    @Test(arguments: [
        (ggaPrefix + "08,1e300,110.0,M,,M,,", "HDOP in field 8 must be from 0 to 10000, found '1e300'"),
        (ggaPrefix + "08,1.0,1e16,M,,M,,", "altitude in field 9 must be from -12000 to 1000000, found '1e16'"),
        (ggaPrefix + "99999999999,1.0,110.0,M,,M,,", "field 7 must be from 0 to 1000, found '99999999999'"),
        (
            "GPRMC,120000.00,A,5213.78,N,02100.73,E,1e300,,010126,,,A",
            "speed (knots) in field 7 must be from 0 to 194384.4"
        ),
        (
            "GPRMC,120000.00,A,5213.78,N,02100.73,E,0,-5,010126,,,A",
            "course in field 8 must be from 0 to 360, found '-5'"
        ),
    ])
    func nmeaNumbersBeyondTheirBoundsAreRefusedAtTheirField(body: String, message: String) {
        #expect(throws: TrackError.self) { try NMEATrackReader.read(NMEASentence.framed(body)) }
        do {
            _ = try NMEATrackReader.read(NMEASentence.framed(body))
        } catch {
            #expect(error.message.hasPrefix(message), "\(error.message)")
            #expect(error.line == 1 && error.column != nil)
        }
    }

    /// NMEA angles carry no sign; the hemisphere field does. Before, each of these was read
    /// as another place (51.5, 0.5, −89.5, 52.0).
    @Test(arguments: [
        ("GPGGA,120000.00,-5230.0,S,02100.73,E,1,08,1.0,,,,,", "1:18: expected ddmm.mmmm (digits only"),
        ("GPGGA,120000.00,-0030.0,N,02100.73,E,1,08,1.0,,,,,", "1:18: expected ddmm.mmmm (digits only"),
        ("GPGGA,120000.00,-9030.0,N,02100.73,E,1,08,1.0,,,,,", "1:18: expected ddmm.mmmm (digits only"),
        ("GPGGA,120000.00,52-0.0,N,02100.73,E,1,08,1.0,,,,,", "1:18: expected ddmm.mmmm (digits only"),
        ("GPGGA,120000.00,5230.0,N,-02100.73,E,1,08,1.0,,,,,", "1:27: expected dddmm.mmmm (digits only"),
        ("GPRMC,120000.00,A,+5230.0,N,02100.73,E,,,010126,,,A", "1:20: expected ddmm.mmmm (digits only"),
        ("GPGGA,120000.00,5230.0.1,N,02100.73,E,1,08,1.0,,,,,", "1:18: expected ddmm.mmmm (digits only"),
    ])
    func signedNMEAAnglesAreRefused(body: String, message: String) {
        do {
            let points = try NMEATrackReader.read(NMEASentence.framed(body))
            Issue.record("read as \(points.map { $0.fix?.coordinate.formatted ?? "no fix" })")
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    @Test func anNMEATrackWithAnHDOPOf1e300IsAnErrorInTheScenario() {
        let track = NMEASentence.framed(Self.ggaPrefix + "08,1e300,110.0,M,,M,,")
        let error = decodingError(
            "title: t\nauthorization: authorizedWhenInUse\ntimeline:\n  - track: walk.nmea\n",
            tracks: ["walk.nmea": "# a comment\n" + track])
        #expect(error?.description.hasPrefix("walk.nmea:2:") == true, "\(String(describing: error))")
    }

    @Test func aGPXHDOPOf1e300IsAnErrorAtItsElement() {
        let gpx = "<gpx>\n<trkpt lat=\"52.2\" lon=\"21.0\"><hdop>1e300</hdop></trkpt>\n</gpx>"
        let error = decodingError(
            "title: t\nauthorization: authorizedWhenInUse\ntimeline:\n  - track: walk.gpx\n",
            tracks: ["walk.gpx": gpx])
        #expect(
            error?.description
                == "walk.gpx:2:41: <hdop> expected a number from 0 to 10000, found '1e300'",
            "\(String(describing: error))")
    }

    @Test(arguments: [
        "title: t\nauthorization: denied\ntimeline:\n  - fix: {coordinate: \"1, 2\", accuracy: 1e300}\n",
        #"{"title": "t", "authorization": "denied", "timeline": [{"fix": {"coordinate": "1, 2", "accuracy": 1e300}}]}"#,
    ])
    func anAccuracyOf1e300InAScenarioFileIsRefused(text: String) {
        let error = decodingError(text)
        #expect(error?.message == "accuracy must be between 0 and 100000000, found 1e+300")
    }

    /// The transcript line of a fix with an absurd accuracy: it used to trap in `Int(_:)`.
    @Test func describingAFixWithAHugeAccuracyDoesNotTrap() throws {
        let fix = ScenarioFix(coordinate: try Coordinate(latitude: 1, longitude: 2), horizontalAccuracy: 1e300)
        #expect(ScenarioEvent.fix(fix).description.hasPrefix("fix 1.00000, 2.00000 ±"))
    }

    @Test func aTimelineEndsAtTwentyFourHoursExactly() throws {
        let base = "title: t\nauthorization: denied\ntimeline:\n"
        let atLimit = try decodeScenario(base + "  - at: 24h\n    noFix:\n")
        #expect(atLimit.timeline.map(\.time) == [.seconds(86_400)])
        let beyond = decodingError(base + "  - at: 24h\n    noFix:\n  - wait: 1ms\n  - noFix\n")
        #expect(beyond?.message == "the timeline reaches 86400.001s, beyond the limit of 24h")
        let track = "<gpx>\n<trkpt lat=\"1\" lon=\"2\"/>\n<trkpt lat=\"1\" lon=\"2\"/>\n</gpx>"
        let trackBeyond = decodingError(
            base + "  - at: 24h\n    noFix:\n  - track: {file: t.gpx, interval: 1ms}\n", tracks: ["t.gpx": track])
        #expect(trackBeyond?.description == "t.gpx:3: the track reaches beyond the limit of 24h of timeline")
    }

    @Test func aMegabyteLineIsQuotedInEightyCharactersAtMost() {
        let huge = String(repeating: "x", count: 1_000_000)
        let error = decodingError("title: t\nauthorization: denied\ntimeline:\n  - wait: \(huge)\n")
        let description = error?.description ?? ""
        #expect(description.count < 200, "\(description.count) characters")
        #expect(description.contains("found '\(String(repeating: "x", count: 80))…'"))
    }

    @Test func aJSONValueOfTheWrongTypeNamesTheKeyAndWhatIsExpected() {
        let error = decodingError(
            #"{"title":"t","authorization":"denied","timeline":[{"fix":{"coordinate":"1, 2","accuracy":"bogus"}}]}"#,
            file: "test.json")
        #expect(error?.description == "test.json:1:90: expected a number for 'accuracy', found 'bogus'")
    }

    @Test func titlesAndErrorsReachTheTerminalWithoutControlCharacters() async throws {
        let title = "Luna\u{1B}]0;pwned\u{07} \u{202E}gnissim"
        let scenario = try decodeScenario(
            "title: \"Luna\\e]0;pwned\\a \\u202Egnissim\"\nauthorization: denied\nconsumer: [requestLocation]\n")
        #expect(scenario.title == title)
        let run = await ScenarioRunner(scenario: scenario).run()
        #expect(run.text.hasPrefix("Scenario test: Luna\\x1B]0;pwned\\x07 <U+202E>gnissim\n"))
        #expect(!run.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E })
        let error = decodingError("title: t\nauthorization: \"\\e[2J\u{202E}\"\n")
        #expect(error?.description.contains("'\\x1B[2J<U+202E>'") == true, "\(String(describing: error))")
    }
}
