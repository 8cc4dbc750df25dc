import Foundation
import Geodata
import Scenarios
import Testing

@Suite("GPX import")
struct GPXTests {
    @Test func readsXcodeStyleWaypointsWithTimes() throws {
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="Xcode">
                <wpt lat="52.2297" lon="21.0122"><name>Warsaw</name><time>2026-05-01T10:00:00Z</time></wpt>
                <wpt lat="52.2300" lon="21.0130"><ele>110.5</ele><time>2026-05-01T10:00:02.500Z</time></wpt>
            </gpx>
            """
        let points = try GPXTrackReader.read(Data(gpx.utf8))
        #expect(points.map { $0.fix?.coordinate.formatted } == ["52.22970, 21.01220", "52.23000, 21.01300"])
        #expect(points[1].fix?.altitude == 110.5)
        #expect(points[0].fix?.altitude == nil)
        #expect(points[1].time?.timeIntervalSince(try #require(points[0].time)) == 2.5)
        #expect(points.map(\.line) == [3, 4])
    }

    @Test func readsTrackAndRoutePointsWithGPX10Fields() throws {
        let gpx = """
            <gpx version="1.0"><trk><trkseg>
            <trkpt lat="-33.8688" lon="151.2093"><speed>1.5</speed><course>270</course><hdop>2</hdop><sat>7</sat></trkpt>
            </trkseg></trk><rte><rtept lat="0" lon="-180"/></rte></gpx>
            """
        let points = try GPXTrackReader.read(Data(gpx.utf8))
        #expect(points.count == 2)
        let fix = try #require(points[0].fix)
        #expect(fix.speed == 1.5)
        #expect(fix.course == 270)
        #expect(fix.horizontalAccuracy == 10)
        #expect(fix.satellites == 7)
        #expect(points[1].fix?.coordinate.formatted == "0.00000, -180.00000")
    }

    @Test(arguments: [
        ("<gpx>\n<wpt lon=\"21\"/>\n</gpx>", "2:"),
        ("<gpx>\n\n<wpt lat=\"95\" lon=\"21\"/></gpx>", "3:"),
        ("<gpx>\n<wpt lat=\"1\" lon=\"2\"><time>noon</time></wpt></gpx>", "2:"),
        ("<gpx>\n<wpt lat=\"1\" lon=\"2\">\n<ele>high</ele></wpt></gpx>", "3:"),
        ("<gpx><wpt lat=\"1\" lon=\"2\">\n</gpx>", "2:"),
        ("<kml/>", "1:1: expected a <gpx> document"),
    ])
    func badGPXIsAnErrorAtItsLine(text: String, prefix: String) {
        do {
            let points = try GPXTrackReader.read(Data(text.utf8))
            Issue.record("expected an error, got \(points)")
        } catch {
            #expect(error.description.hasPrefix(prefix), "\(error.description)")
        }
    }

    /// Found by fuzzing: FoundationXML crashed (libxml2 null dereference) on `encoding="UTF-7"`.
    @Test(arguments: [
        "<?xml version=\"1.0\" encoding=\"UTF-7\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>",
        "\u{FEFF}<?xml version='1.0' encoding='EBCDIC-US'?><gpx/>",
        "<?xml version=\"1.0\" encoding=UTF-8?><gpx/>",
    ])
    func aDeclaredEncodingOtherThanUTF8IsAnErrorNotACrash(text: String) {
        #expect(throws: TrackError.self) { try GPXTrackReader.read(Data(text.utf8)) }
    }

    /// Names from the document (elements, attributes, entities) have no length limit; an
    /// error quotes at most 80 characters of one.
    @Test(arguments: [
        "<gpx><" + String(repeating: "n", count: 5_000),
        "<gpx " + String(repeating: "a", count: 5_000) + "=1/>",
        "<gpx>&" + String(repeating: "e", count: 5_000) + ";</gpx>",
        "<gpx></" + String(repeating: "n", count: 5_000) + ">",
    ])
    func anErrorQuotesAtMostEightyCharactersOfAName(text: String) {
        do {
            let points = try GPXTrackReader.read(Data(text.utf8))
            Issue.record("expected an error, got \(points)")
        } catch {
            #expect(error.description.count < 200, "\(error.description.count): \(error.description.prefix(120))")
        }
    }

    /// Found by fuzzing: FoundationXML dereferenced NULL (`strlen`) on an empty processing
    /// instruction; GPX is now read by PetSpot's own strict scanner.
    @Test(arguments: ["<?encoding?><gpx/>", "<?x?>", "<gpx><?pi?></gpx>"])
    func processingInstructionsWithoutDataAreSkippedOrRefusedNotACrash(text: String) {
        _ = try? GPXTrackReader.read(Data(text.utf8))
    }

    @Test func entitiesCDATAAndCommentsAreReadDoctypesRefused() throws {
        let text = """
            <?xml version="1.0"?>
            <!-- a comment -->
            <gpx><wpt lat="52&#46;2297" lon='21.0122'><name>A &amp; B</name>\
            <time><![CDATA[2026-05-01T12:00:00Z]]></time></wpt></gpx>
            """
        let points = try GPXTrackReader.read(Data(text.utf8))
        #expect(points.count == 1)
        #expect(points.first?.fix?.coordinate.formatted == "52.22970, 21.01220")
        #expect(points.first?.time == Date(timeIntervalSince1970: 1_777_636_800))
        #expect(points.first?.line == 3)
        let bomb = "<!DOCTYPE gpx [<!ENTITY a \"aaaa\">]><gpx>&a;</gpx>"
        #expect(
            throws: TrackError(
                line: 1, column: 1,
                message: "not valid GPX (XML): DOCTYPE and other declarations are not supported in GPX")
        ) {
            try GPXTrackReader.read(Data(bomb.utf8))
        }
        #expect(throws: TrackError(line: 1, column: 12, message: "not valid GPX (XML): expected </name>, found </gpx>"))
        {
            try GPXTrackReader.read(Data("<gpx><name></gpx>".utf8))
        }
    }

    @Test func utf16GPXIsRefusedWithAMessage() {
        var data = Data([0xFF, 0xFE])
        data.append("<gpx/>".data(using: .utf16LittleEndian) ?? Data())
        #expect(throws: TrackError(line: 1, column: 1, message: "GPX must be UTF-8; this file is UTF-16 or UTF-32")) {
            try GPXTrackReader.read(data)
        }
        let declared = Data("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<gpx><wpt lat=\"1\" lon=\"2\"/></gpx>".utf8)
        #expect((try? GPXTrackReader.read(declared))?.count == 1)
    }

    @Test func messagesSayWhatWasExpected() {
        do {
            _ = try GPXTrackReader.read(Data("<gpx>\n<wpt lat=\"95\" lon=\"21\"/></gpx>".utf8))
        } catch {
            #expect(error.message.contains("Must be between -90 and 90"))
        }
        do {
            _ = try GPXTrackReader.read(Data("<gpx><wpt lat=\"1\" lon=\"2\"><time>noon</time></wpt></gpx>".utf8))
        } catch {
            #expect(error.message == "<time> expected an ISO 8601 time such as 2026-05-01T12:00:00Z, found 'noon'")
        }
    }
}
