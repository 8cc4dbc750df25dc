public import Foundation
import Geodata

#if canImport(FoundationXML)
    import FoundationXML
#endif

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
        let parser = XMLParser(data: data)
        let delegate = GPXParserDelegate()
        parser.delegate = delegate
        let parsed = parser.parse()
        if let error = delegate.error { throw error }
        guard parsed else {
            let message = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unknown error"
            throw TrackError(
                line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1),
                message: "not valid GPX (XML): \(message)")
        }
        guard delegate.sawRoot else {
            throw TrackError(line: 1, column: 1, message: "expected a <gpx> document")
        }
        return delegate.points
    }
}

/// Collects points while `XMLParser` walks the document; used on one thread, then dropped.
private final class GPXParserDelegate: NSObject, XMLParserDelegate {
    var points: [TrackPoint] = []
    var error: TrackError?
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

    private func fail(_ parser: XMLParser, _ message: String, line: Int? = nil, column: Int? = nil) {
        guard error == nil else { return }
        error = TrackError(line: line ?? parser.lineNumber, column: column ?? parser.columnNumber, message: message)
        parser.abortParsing()
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        let name = Self.localName(elementName)
        if name == "gpx" { sawRoot = true }
        text = ""
        guard Self.pointElements.contains(name) else { return }
        guard let latitudeText = attributes["lat"], let longitudeText = attributes["lon"] else {
            fail(parser, "<\(name)> needs lat and lon attributes")
            return
        }
        do {
            guard let latitude = try Latitude.parse(latitudeText), let longitude = try Longitude.parse(longitudeText)
            else {
                fail(parser, "<\(name)> has an empty lat or lon")
                return
            }
            pending = Pending(latitude: latitude, longitude: longitude, line: parser.lineNumber)
        } catch {
            fail(parser, "<\(name) lat=\"\(latitudeText)\" lon=\"\(longitudeText)\">: \(error.description)")
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        let name = Self.localName(elementName)
        if Self.childElements.contains(name), pending != nil {
            pending?.values[name] = (text.trimmingWhitespace, parser.lineNumber, parser.columnNumber)
        } else if Self.pointElements.contains(name), let point = pending {
            pending = nil
            finish(point, parser: parser)
        }
        text = ""
    }

    private func finish(_ point: Pending, parser: XMLParser) {
        func number(_ key: String, range: ClosedRange<Double>) -> Double?? {
            guard let (text, line, column) = point.values[key] else { return .some(nil) }
            guard let value = Double(text), value.isFinite, range.contains(value) else {
                fail(
                    parser,
                    "<\(key)> expected a number from \(range.lowerBound) to \(range.upperBound), found '\(text)'",
                    line: line, column: column)
                return nil
            }
            return value
        }
        var time: Date?
        if let (text, line, column) = point.values["time"] {
            guard let date = Self.date(text) else {
                fail(
                    parser, "<time> expected an ISO 8601 time such as 2026-05-01T12:00:00Z, found '\(text)'",
                    line: line, column: column)
                return
            }
            time = date
        }
        guard let altitude = number("ele", range: -12_000...1_000_000), let speed = number("speed", range: 0...100_000),
            let course = number("course", range: 0...360), let hdop = number("hdop", range: 0...10_000),
            let satellites = number("sat", range: 0...1000)
        else { return }
        let fix = ScenarioFix(
            coordinate: Coordinate(latitude: point.latitude, longitude: point.longitude),
            horizontalAccuracy: hdop.map { $0 * NMEATrackReader.metersPerHDOP }, altitude: altitude, speed: speed,
            course: course, satellites: satellites.map { Int($0) })
        points.append(TrackPoint(time: time, fix: fix, line: point.line))
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        fail(parser, "not valid GPX (XML): \((parseError as NSError).localizedDescription)")
    }

    private static func localName(_ name: String) -> String {
        name.split(separator: ":").last.map(String.init) ?? name
    }

    private static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
