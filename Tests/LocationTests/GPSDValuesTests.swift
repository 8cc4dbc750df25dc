import Foundation
import GPSDTestSupport
import Testing

@testable import Location

/// The pure parts of the gpsd provider: endpoints, turning libgps reports into events, NMEA.
@Suite struct GPSDValuesTests {
    @Test(arguments: [
        ("localhost", "localhost:2947"),
        ("127.0.0.1:12947", "127.0.0.1:12947"),
        (" gps.local:3000 ", "gps.local:3000"),
        ("[::1]", "[::1]:2947"),
        ("[::1]:2948", "[::1]:2948"),
    ])
    func endpointsParse(text: String, expected: String) throws {
        #expect(try GPSDEndpoint(parsing: text).description == expected)
    }

    @Test(arguments: [
        ("", GPSDEndpointError.invalid("")),
        ("host:", .invalidPort("")),
        ("host:0", .invalidPort("0")),
        ("host:70000", .invalidPort("70000")),
        ("host:port", .invalidPort("port")),
        ("::1", .invalid("::1")),
        ("[::1", .invalid("[::1")),
    ])
    func badEndpointsAreClearErrors(text: String, error: GPSDEndpointError) {
        #expect(throws: error) { try GPSDEndpoint(parsing: text) }
    }

    static func report(mode: Int, latitude: Double = 52.2297, longitude: Double = 21.0122) -> GPSDReport {
        GPSDReport(
            mode: mode, latitude: latitude, longitude: longitude, altitudeMSL: .nan, altitudeHAE: 120,
            eph: .nan, epx: 3, epy: 4, epv: .nan, speed: .nan, track: -90, time: nil, satellitesUsed: 7)
    }

    @Test(arguments: [0, 1])
    func modeZeroAndOneAreNotFixes(mode: Int) {
        #expect(Self.report(mode: mode).event(source: FixSource(kind: "gpsd", name: "x")) == .noFix)
    }

    @Test func aNaNPositionIsNotAFix() {
        #expect(Self.report(mode: 2, latitude: .nan).event(source: FixSource(kind: "gpsd", name: "x")) == .noFix)
        #expect(Self.report(mode: 3, latitude: 91).event(source: FixSource(kind: "gpsd", name: "x")) == .noFix)
    }

    @Test func aThreeDimensionalReportBecomesAFixWithoutNaN() throws {
        let event = Self.report(mode: 3).event(source: FixSource(kind: "gpsd", name: "x"))
        let fix = try #require(event == .noFix ? nil : { if case .fix(let fix) = event { fix } else { nil } }())
        #expect(fix.mode == .threeDimensional)
        #expect(fix.altitude == 120)  // altHAE when altMSL is NaN
        #expect(fix.horizontalAccuracy == 5)  // from epx/epy when eph is NaN
        #expect(fix.verticalAccuracy == nil)
        #expect(fix.speed == nil)
        #expect(fix.course == 270)
        #expect(fix.satellitesUsed == 7)
        #expect(fix.description == "52.22970, 21.01220 ±5 m")
    }

    @Test func nmeaSentencesCarryValidChecksums() {
        let epoch = NMEA.epoch(
            latitude: -33.8688, longitude: 151.2093, time: Date(timeIntervalSince1970: 1_560_000_000))
        #expect(epoch.count == 2)
        #expect(epoch.allSatisfy(NMEA.hasValidChecksum))
        #expect(epoch[0].contains("3352.128000,S,15112.558000,E"))
        // The textbook RMC sentence (NMEA reference examples), checksum 6A.
        #expect(
            NMEA.sentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
                == "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A")
        #expect(!NMEA.hasValidChecksum("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6B"))
    }
}
