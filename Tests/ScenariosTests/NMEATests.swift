import Foundation
import GPSDTestSupport
import Geodata
import Scenarios
import Testing

@Suite("NMEA import and export")
struct NMEATests {
    @Test func checksumMatchesTheTextbookSentence() {
        // The GGA example every NMEA reference quotes, with its published checksum.
        #expect(NMEASentence.checksum("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") == "47")
        #expect(NMEASentence.framed("GPGLL,4916.45,N,12311.12,W,225444,A") == "$GPGLL,4916.45,N,12311.12,W,225444,A*31")
        // The textbook RMC sentence, checksum 6A.
        #expect(
            NMEASentence.framed("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
                == "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A")
    }

    @Test func theEpochsTestsFeedGPSDReadBackAsWritten() throws {
        let time = Date(timeIntervalSince1970: 1_560_000_000)
        let epoch = NMEA.epoch(latitude: -33.8688, longitude: 151.2093, hdop: 0.9, time: time)
        #expect(epoch.count == 2)
        #expect(epoch[0].contains("3352.128000,S,15112.558000,E"))
        #expect(epoch[0].contains(",100.0,M,0.0,M,,*"), "a receiver's geoid separation")
        let points = try NMEATrackReader.read(epoch.joined(separator: "\n"))
        #expect(points.first?.fix?.coordinate.formatted == "-33.86880, 151.20930")
        #expect(points.first?.fix?.horizontalAccuracy == 4.5)
        #expect(points.first?.time == time)
        let noFix = NMEA.epoch(latitude: nil, longitude: nil, time: time)
        #expect(try NMEATrackReader.read(noFix.joined(separator: "\n")).compactMap(\.fix).isEmpty)
    }

    @Test func readsTheTextbookSentence() throws {
        let points = try NMEATrackReader.read("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n")
        #expect(points.count == 1)
        let fix = try #require(points.first?.fix)
        #expect(fix.coordinate.formatted == "48.11730, 11.51667")
        #expect(fix.altitude == 545.4)
        #expect(fix.satellites == 8)
        #expect(fix.horizontalAccuracy == 0.9 * NMEATrackReader.metersPerHDOP)
    }

    @Test func oneEpochPerTimeWithSpeedCourseAndDateFromRMC() throws {
        let text = [
            "GPGGA,235959.00,5213.782000,N,02100.732000,E,1,09,1.00,110.0,M,,,,",
            "GPRMC,235959.00,A,5213.782000,N,02100.732000,E,2.000,45.0,311226,,,A",
            "GPGGA,000001.00,,,,,0,00,,,,,,,",
            "GPRMC,000001.00,V,,,,,,,010127,,,N",
            "GPGGA,000002.00,3351.000000,S,15112.000000,W,1,05,2.00,,,,,,",
        ].map(NMEASentence.framed).joined(separator: "\n")
        let points = try NMEATrackReader.read(text)
        #expect(points.count == 3)
        #expect(points[0].fix?.speed == 2.0 * 1852 / 3600)
        #expect(points[0].fix?.course == 45)
        #expect(points[1].fix == nil)
        #expect(points[2].fix?.coordinate.formatted == "-33.85000, -151.20000")
        #expect(points[2].fix?.altitude == nil)
        let first = try #require(points[0].time), second = try #require(points[1].time),
            third = try #require(points[2].time)
        #expect(first == ISO8601DateFormatter().date(from: "2026-12-31T23:59:59Z"))
        #expect(second.timeIntervalSince(first) == 2)
        #expect(third.timeIntervalSince(second) == 1)
    }

    @Test(arguments: [
        (
            "$GPGGA,120000.00,5213.78,N,02100.73,E,1,08,1.0,,,,,,*FF",
            "1:54: checksum *FF does not match the sentence (expected *"
        ),
        (
            NMEASentence.framed("GPGGA,120000.00,5299.00,N,02100.73,E,1,08,1.0,,,,,,"),
            "1:18: expected ddmm.mmmm, found '5299.00'"
        ),
        (
            NMEASentence.framed("GPGGA,120000.00,9100.00,N,02100.73,E,1,08,1.0,,,,,,"),
            "1:18: latitude 9100.00 is beyond 90°"
        ),
        (
            NMEASentence.framed("GPGGA,120000.00,5213.78,X,02100.73,E,1,08,1.0,,,,,,"),
            "1:26: expected N or S in field 3"
        ),
        (
            NMEASentence.framed("GPRMC,250000.00,A,5213.78,N,02100.73,E,,,010126,,,A"),
            "1:8: expected a time hhmmss.ss, found '250000.00'"
        ),
        (
            NMEASentence.framed("GPRMC,120000.00,A,5213.78,N,02100.73,E,,,321326,,,A"),
            "1:43: expected a date ddmmyy, found '321326'"
        ),
        ("GPGGA,1,2,3", "1:1: expected an NMEA sentence starting with '$'"),
    ])
    func badSentencesAreErrorsAtTheirLineAndColumn(text: String, message: String) {
        #expect(throws: (any Error).self) { try NMEATrackReader.read(text) }
        do {
            _ = try NMEATrackReader.read(text)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }

    /// The text after `*` runs to the end of the line: an error quotes at most 80 characters.
    @Test func aLongChecksumIsQuotedShort() {
        let text = "$GPGGA,120000.00,5213.78,N,02100.73,E,1,08,1.0,,,,,,*" + String(repeating: "F", count: 5_000)
        do {
            _ = try NMEATrackReader.read(text)
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("1:54: checksum *FFFF"), "\(error.description.prefix(100))")
            #expect(error.description.count < 200, "\(error.description.count) characters")
        }
    }

    @Test func exportedLogsHaveValidChecksumsAndBothSentencesPerFix() throws {
        let scenario = try ScenarioLibrary.load("default")
        let log = NMEAWriter.log(for: scenario)
        let lines = log.split(separator: "\r\n")
        #expect(log.hasSuffix("\r\n"))
        #expect(
            lines.count == 2
                * scenario.timeline.filter { if case .authorizationChanged = $0.event { false } else { true } }.count)
        for line in lines {
            let star = try #require(line.lastIndex(of: "*"))
            #expect(
                NMEASentence.checksum(line[line.index(after: line.startIndex)..<star])
                    == String(line[line.index(after: star)...]))
        }
        #expect(
            lines.first
                == "$GPGGA,120000.00,,,,,0,00,,,,,,,*\(NMEASentence.checksum("GPGGA,120000.00,,,,,0,00,,,,,,,"))")
        #expect(lines.last?.hasPrefix("$GPRMC,120004.00,A,5213.782000,N,02100.732000,E,0.000,0.0,010126,,,A*") == true)
    }

    /// Export then import gives the same fixes to 5 decimals, for every bundled scenario:
    /// the NMEA path loses nothing a form field shows.
    @Test(arguments: ScenarioLibrary.bundledNames)
    func exportThenImportKeepsEveryFixToFiveDecimals(name: String) throws {
        let scenario = try ScenarioLibrary.load(name)
        let points = try NMEATrackReader.read(NMEAWriter.log(for: scenario))
        var lost = false
        let expected = scenario.timeline.compactMap { event -> String?? in
            switch event.event {
            case .fix(let fix) where !lost: return .some(fix.coordinate.formatted)
            case .noFix where !lost: return .some(nil)
            case .receiverLost: lost = true
            case .receiverBack: lost = false
            default: break
            }
            return nil
        }
        #expect(points.map { $0.fix?.coordinate.formatted } == expected)
        for (point, event) in zip(points, scenario.timeline) {
            guard case .fix(let fix) = event.event, let imported = point.fix else { continue }
            #expect(imported.altitude == fix.altitude.map { ($0 * 10).rounded() / 10 })
        }
    }

    @Test func polesAndAntimeridianWriteValidFields() throws {
        let north = try Coordinate(latitude: 90, longitude: 180)
        let south = try Coordinate(latitude: -90, longitude: -180)
        let time = Date(timeIntervalSince1970: 0)
        #expect(
            NMEAWriter.sentences(for: ScenarioFix(coordinate: north), at: time)[0]
                .hasPrefix("$GPGGA,000000.00,9000.000000,N,18000.000000,E,1,,,,,,,,*"))
        #expect(
            NMEAWriter.sentences(for: ScenarioFix(coordinate: south), at: time)[1]
                .hasPrefix("$GPRMC,000000.00,A,9000.000000,S,18000.000000,W,,,010170,,,A*"))
    }
}
