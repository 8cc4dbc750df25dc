public import Foundation
import Geodata
import Location
import OutsideInput

/// Reads a GPX file (the format Xcode simulates locations from) into track points.
///
/// Every `wpt`, `trkpt` and `rtept` is a point, in file order, with its `lat` and `lon`
/// attributes and the optional children `time` (ISO 8601), `ele` (meters, makes the fix
/// 3D), `speed` (m/s) and `course` (degrees, GPX 1.0), `hdop` (accuracy = HDOP × 5 m) and
/// `sat`. Anything else (names, extensions) is ignored. Errors carry the line and column.
///
/// ```swift
/// let points = try GPXTrackReader.read(Data(gpxText.utf8))
/// ```
public enum GPXTrackReader {
    /// The points of the GPX document `data`.
    ///
    /// - Throws: ``TrackError`` for XML that does not parse, a point without a valid `lat`
    ///   or `lon`, or an unreadable `time` or number.
    public static func read(_ data: Data) throws(TrackError) -> [TrackPoint] {
        try checkEncoding(data)
        var scanner = XMLScanner(Array(data))
        var collector = GPXCollector()
        while let event = try scanner.next() {
            try collector.take(event, line: scanner.line, column: scanner.column)
        }
        guard collector.sawRoot else {
            throw TrackError(line: 1, column: 1, message: "expected a <gpx> document")
        }
        return collector.points
    }

    /// GPX is UTF-8 (GPX 1.1 schema), and ``XMLScanner`` reads UTF-8 only: a document in
    /// UTF-16 or UTF-32, or one that declares another encoding (`encoding="UTF-7"`), is
    /// refused with a clear error instead of being misread.
    ///
    /// (The check dates from when FoundationXML parsed GPX: fuzzing found it crashed, in
    /// libxml2's `xmlSwitchToEncoding`, on an encoding it had no converter for.)
    static func checkEncoding(_ data: Data) throws(TrackError) {
        var bytes = data.prefix(512)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.first == 0 {
            throw TrackError(line: 1, column: 1, message: "GPX must be UTF-8; this file is UTF-16 or UTF-32")
        }
        guard bytes.starts(with: Array("<?xml".utf8)) else { return }
        let declaration = String(decoding: bytes.prefix { $0 != UInt8(ascii: ">") }, as: UTF8.self)
        guard let range = declaration.range(of: "encoding") else { return }
        let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" }
        guard let quote = rest.first, quote == "\"" || quote == "'" else {
            throw TrackError(line: 1, column: 1, message: "the XML declaration's encoding has no quoted value")
        }
        let name = rest.dropFirst().prefix { $0 != quote }
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(name.lowercased()) else {
            throw TrackError(
                line: 1, column: 1,
                message: "GPX must be UTF-8; this file declares encoding \(InputQuote.quoted(name))")
        }
    }
}

/// Collects points from the scanner's events.
private struct GPXCollector {
    var points: [TrackPoint] = []
    var sawRoot = false

    private struct Pending {
        var latitude: Latitude
        var longitude: Longitude
        var line: Int
        var values: [String: (String, Int, Int)] = [:]
    }

    private var pending: Pending?
    private var text = ""
    private static let pointElements: Set<String> = ["wpt", "trkpt", "rtept"]
    private static let childElements: Set<String> = ["time", "ele", "speed", "course", "hdop", "sat"]

    mutating func take(_ event: XMLScanner.Event, line: Int, column: Int) throws(TrackError) {
        switch event {
        case .start(let elementName, let attributes, let startLine, let startColumn):
            let name = Self.localName(elementName)
            if name == "gpx" { sawRoot = true }
            text = ""
            guard Self.pointElements.contains(name) else { return }
            guard let latitudeText = attributes["lat"], let longitudeText = attributes["lon"] else {
                throw TrackError(
                    line: startLine, column: startColumn, message: "<\(name)> needs lat and lon attributes")
            }
            do {
                guard let latitude = try Latitude.parse(latitudeText),
                    let longitude = try Longitude.parse(longitudeText)
                else {
                    throw TrackError(line: startLine, column: startColumn, message: "<\(name)> has an empty lat or lon")
                }
                pending = Pending(latitude: latitude, longitude: longitude, line: startLine)
            } catch let error as TrackError {
                throw error
            } catch {
                throw TrackError(
                    line: startLine, column: startColumn,
                    message:
                        "<\(InputQuote.excerpt(name)) lat=\"\(InputQuote.excerpt(latitudeText))\" lon=\"\(InputQuote.excerpt(longitudeText))\">: \(error)"
                )
            }
        case .text(let string):
            text += string
        case .end(let elementName, let endLine, let endColumn):
            let name = Self.localName(elementName)
            if Self.childElements.contains(name), pending != nil {
                pending?.values[name] = (text.trimmingWhitespace, endLine, endColumn)
            } else if Self.pointElements.contains(name), let point = pending {
                pending = nil
                try finish(point)
            }
            text = ""
        }
    }

    private mutating func finish(_ point: Pending) throws(TrackError) {
        func number(_ key: String, range: ClosedRange<Double>) throws(TrackError) -> Double? {
            guard let (text, line, column) = point.values[key] else { return nil }
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                throw TrackError(
                    line: line, column: column,
                    message:
                        "<\(key)> expected a number \(TrackBounds.describe(range)), found \(InputQuote.quoted(text))")
            }
            return value
        }
        var time: Date?
        if let (text, line, column) = point.values["time"] {
            guard let date = Self.date(text) else {
                throw TrackError(
                    line: line, column: column,
                    message:
                        "<time> expected an ISO 8601 time such as 2026-05-01T12:00:00Z, found \(InputQuote.quoted(text))"
                )
            }
            time = date
        }
        let altitude = try number("ele", range: TrackBounds.altitude)
        let speed = try number("speed", range: TrackBounds.speed)
        let course = try number("course", range: TrackBounds.course)
        let hdop = try number("hdop", range: TrackBounds.hdop)
        let satellites = try number("sat", range: 0...Double(TrackBounds.satellites.upperBound))
        let fix = ScenarioFix(
            coordinate: Coordinate(latitude: point.latitude, longitude: point.longitude),
            horizontalAccuracy: hdop.map { $0 * NMEATrackReader.metersPerHDOP }, altitude: altitude, speed: speed,
            course: course, satellites: satellites.flatMap { Int(saturating: $0) })
        points.append(TrackPoint(time: time, fix: fix, line: point.line))
    }

    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    /// An RFC 3339 time, read by ``ISO8601Time/date(from:)``: not `ISO8601DateFormatter`, whose
    /// ICU parser dies with SIGFPE on a fraction of many digits (found by `FuzzGPXTrack`).
    private static func date(_ text: String) -> Date? {
        ISO8601Time.date(from: text)
    }
}
