import Foundation
import GPSDTestSupport
import Geodata
import Testing

@testable import Location

/// The pure parts of the gpsd provider: endpoints, turning libgps reports into events.
@Suite struct GPSDValuesTests {
    @Test(arguments: [
        ("localhost", "localhost:2947"),
        ("127.0.0.1:12947", "127.0.0.1:12947"),
        (" gps.local:3000 ", "gps.local:3000"),
        ("[::1]", "[::1]:2947"),
        ("[::1]:2948", "[::1]:2948"),
        // gpsd clients' HOST:PORT:DEVICE
        ("localhost:2947:/dev/ttyUSB0", "localhost:2947:/dev/ttyUSB0"),
        ("localhost::/dev/ttyACM0", "localhost:2947:/dev/ttyACM0"),
        ("[::1]:2948:/dev/ttyUSB1", "[::1]:2948:/dev/ttyUSB1"),
        ("127.0.0.1:3000:tcp://127.0.0.1:5000", "127.0.0.1:3000:tcp://127.0.0.1:5000"),
    ])
    func endpointsParse(text: String, expected: String) throws {
        #expect(try GPSDEndpoint(parsing: text).description == expected)
    }

    @Test func aDeviceAfterTheSecondColonIsKeptWhole() throws {
        let endpoint = try GPSDEndpoint(parsing: "gps.local:3000:tcp://127.0.0.1:5000")
        #expect(endpoint.host == "gps.local")
        #expect(endpoint.port == 3000)
        #expect(endpoint.device == "tcp://127.0.0.1:5000")
        #expect(try GPSDEndpoint(parsing: "gps.local:3000").device == nil)
    }

    @Test(arguments: [
        ("", GPSDEndpointError.invalid("")),
        ("host:", .invalidPort("")),
        ("host:0", .invalidPort("0")),
        ("host:70000", .invalidPort("70000")),
        ("host:port", .invalidPort("port")),
        ("::1", .invalid("::1")),
        ("[::1", .invalid("[::1")),
        ("fe80::1", .invalid("fe80::1")),
        ("localhost:2947:", .invalidDevice("localhost:2947:")),
        ("localhost:2947:/dev/tty USB0", .invalidDevice("localhost:2947:/dev/tty USB0")),
        ("localhost:0:/dev/ttyUSB0", .invalidPort("0")),
    ])
    func badEndpointsAreClearErrors(text: String, error: GPSDEndpointError) {
        #expect(throws: error) { try GPSDEndpoint(parsing: text) }
    }

    static func report(mode: Int, latitude: Double = 52.2297, longitude: Double = 21.0122) -> GPSDReport {
        GPSDReport(
            mode: mode, latitude: latitude, longitude: longitude, altitudeMSL: .nan, altitudeHAE: 120,
            eph: .nan, epx: 3, epy: 4, epv: .nan, speed: .nan, track: -90, timeSeconds: 0, timeNanoseconds: 0,
            satellitesUsed: 7)
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

    static let source = FixSource(kind: "gpsd", name: "x")

    static func fix(_ event: ProviderEvent?) -> LocationFix? {
        if case .fix(let fix)? = event { fix } else { nil }
    }

    @Test func numbersOutOfTheirRangesAreUnknownNotACrash() throws {
        var report = Self.report(mode: 3)
        report.altitudeMSL = 1e300
        report.eph = 1e19
        report.epv = -1
        report.speed = 1e300
        report.track = 1e30
        report.timeSeconds = 253_402_300_799  // 9999-12-31T23:59:59Z
        report.satellitesUsed = 100_000
        let fix = try #require(Self.fix(report.event(source: Self.source)))
        #expect(fix.horizontalAccuracy == nil)
        #expect(fix.altitude == nil)
        #expect(fix.verticalAccuracy == nil)
        #expect(fix.speed == nil)
        #expect(fix.course == nil)
        #expect(fix.receiverTime == nil)
        #expect(fix.satellitesUsed == nil)
        #expect(fix.description == "52.22970, 21.01220")
        // epx and epy whose squares overflow give no accuracy either.
        report.eph = .nan
        report.epx = 1e200
        report.epy = 1e200
        #expect(Self.fix(report.event(source: Self.source))?.horizontalAccuracy == nil)
    }

    @Test func valuesAtTheEdgesOfTheirRangesAreKept() throws {
        let fix = LocationFix(
            coordinate: try Coordinate(latitude: 0, longitude: 0), mode: .threeDimensional, altitude: -12_000,
            horizontalAccuracy: 40_075_017, verticalAccuracy: 0, speed: 11_200, course: -360, satellitesUsed: 255,
            receiverTime: Date(timeIntervalSince1970: 315_964_800), source: Self.source)
        #expect(fix.altitude == -12_000)
        #expect(fix.horizontalAccuracy == 40_075_017)
        #expect(fix.speed == 11_200)
        #expect(fix.course == 0)
        #expect(fix.satellitesUsed == 255)
        #expect(fix.receiverTime != nil)
        #expect(fix.description == "0.00000, 0.00000 ±40075017 m")
    }

    @Test(arguments: [-1, 4, 99, 1_215_752_191])
    func modesGpsdDoesNotHaveAreNotFixes(mode: Int) {
        #expect(Self.report(mode: mode).event(source: Self.source) == .noFix)
    }

    @Test(arguments: [
        (1e19, "9223372036854775807"), (-1e300, "-9223372036854775808"), (Double.infinity, "9223372036854775807"),
        (Double.nan, "?"), (3.5, "3.5"), (3.96, "4"), (4, "4"), (12.4, "12"), (0.04, "0"), (-2.5, "-2.5"),
    ])
    func metersTextNeverTraps(meters: Double, text: String) {
        #expect(LocationFix.metersText(meters) == text)
    }

    @Test func theLineDecoderUsesLibgpsParserAndTheProvidersRules() throws {
        var decoder = GPSDLineDecoder(source: Self.source)
        #expect(
            decoder.decode(#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#)
                == nil)
        #expect(decoder.decode("not json at all") == nil)
        #expect(decoder.decode(#"{"class":"TPV","mode":1}"#) == .noFix)
        #expect(decoder.decode(#"{"class":"TPV","device":"/dev/ttyUSB0","mode":3,"lat":52.22"#) == .noFix)
        #expect(decoder.decode(#"{"class":"TPV","mode":99999999999,"lat":52.2297,"lon":21.0122}"#) == .noFix)
        #expect(decoder.decode(#"{"class":"SKY","satellites":[{"PRN":2,"used":true},{"PRN":5,"used":true}]}"#) == nil)
        let line = #"{"class":"TPV","mode":3,"lat":52.2297,"lon":21.0122,"eph":1e19,"altMSL":1e300,"speed":1e300}"#
        let fix = try #require(Self.fix(decoder.decode(line + "\r")))
        #expect(fix.description == "52.22970, 21.01220")
        #expect(fix.satellitesUsed == 2)
        #expect(fix.altitude == nil && fix.speed == nil)
        let long =
            #"{"class":"TPV","mode":3,"lat":52.2297,"lon":21.0122,"device":""# + String(repeating: "A", count: 30_000)
            + #""}"#
        #expect(decoder.decode(long) == nil)
    }

    @Test func aGpspipeCaptureDecodesToTheLogsWalk() throws {
        let url = try #require(
            Bundle.module.url(
                forResource: "receiver-cold-start.gpspipe", withExtension: "jsonl", subdirectory: "Resources"))
        var decoder = GPSDLineDecoder(source: Self.source)
        let capture = try String(contentsOf: url, encoding: .utf8)
        let events = capture.split(whereSeparator: \.isNewline).compactMap { decoder.decode($0) }
        #expect(events.prefix(5).allSatisfy { $0 == .noFix })
        let fixes = events.compactMap(Self.fix)
        let longitudes = fixes.map(\.coordinate.longitude.formatted).reduce(into: [String]()) { walk, longitude in
            if walk.last != longitude { walk.append(longitude) }
        }
        #expect(longitudes == (0..<10).map { FiveDecimalFormat.string(21.0122 + Double($0) * 0.0001) })
        #expect(fixes.first?.receiverTime == nil)  // gpsd's first fix of the capture has no time
        #expect(fixes.dropFirst().allSatisfy { $0.receiverTime != nil && $0.altitude == 110.5 })
        #expect(fixes.contains { $0.satellitesUsed == 7 })
    }
}
