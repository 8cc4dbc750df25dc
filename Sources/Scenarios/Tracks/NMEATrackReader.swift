import Foundation
import Geodata
import OutsideInput

/// Reads an NMEA 0183 log (the format gpsfake replays) into track points, one per epoch.
///
/// GGA and RMC sentences with the same time form one epoch; a position comes from either
/// (GGA quality 0 or RMC status `V` is a no-fix point). Altitude and satellites come from
/// GGA, speed (knots → m/s) and course from RMC, and the horizontal accuracy is HDOP × 5 m
/// (the convention ``NMEAWriter`` writes). Other sentence types (GSA, GSV, VTG, …) and
/// lines starting with `#` are skipped; a wrong checksum or an unreadable field is an error
/// at its line and column.
///
/// ```swift
/// let points = try NMEATrackReader.read(text)
/// points[0].fix?.coordinate.formatted     // "52.22970, 21.01220"
/// ```
public enum NMEATrackReader {
    /// Meters of horizontal accuracy per unit of HDOP, both ways.
    public static let metersPerHDOP = 5.0

    private struct Epoch {
        var timeOfDay: Double
        var date: DateComponents?
        var line: Int
        var latitude: Double?
        var longitude: Double?
        var noFix = false
        var altitude: Double?
        var hdop: Double?
        var satellites: Int?
        var speed: Double?
        var course: Double?
    }

    /// The points of `text`, in file order.
    ///
    /// - Throws: ``TrackError`` at the first bad line.
    public static func read(_ text: String) throws(TrackError) -> [TrackPoint] {
        var epochs: [Epoch] = []
        var lineNumber = 0
        // Split on any line break: "\r\n" is one Character in Swift, so not on "\n" alone.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let fields: [Substring]
            switch NMEASentence.fields(of: trimmed) {
            case .success(let value): fields = value
            case .failure(var error):
                error.line = lineNumber
                throw error
            }
            guard let type = fields.first, type.count >= 5 else {
                throw TrackError(line: lineNumber, column: 2, message: "expected a sentence type such as GPGGA")
            }
            let kind = type.suffix(3)
            guard kind == "GGA" || kind == "RMC" else { continue }
            let reader = FieldReader(fields: fields, line: lineNumber)
            let timeOfDay = try reader.timeOfDay(1)
            guard let timeOfDay else { continue }
            if epochs.last?.timeOfDay != timeOfDay {
                epochs.append(Epoch(timeOfDay: timeOfDay, line: lineNumber))
            }
            var epoch = epochs[epochs.count - 1]
            if kind == "GGA" {
                let quality = try reader.integer(6) ?? 0
                if quality == 0 {
                    epoch.noFix = true
                } else {
                    epoch.latitude = try reader.angle(2, hemisphere: 3, positive: "N", negative: "S", limit: 90)
                    epoch.longitude = try reader.angle(4, hemisphere: 5, positive: "E", negative: "W", limit: 180)
                    epoch.satellites = try reader.integer(7, range: TrackBounds.satellites)
                    epoch.hdop = try reader.number(8, "HDOP", range: TrackBounds.hdop)
                    epoch.altitude = try reader.number(9, "altitude", range: TrackBounds.altitude)
                }
            } else {
                if fields.count > 2, fields[2] == "A" {
                    epoch.latitude = try reader.angle(3, hemisphere: 4, positive: "N", negative: "S", limit: 90)
                    epoch.longitude = try reader.angle(5, hemisphere: 6, positive: "E", negative: "W", limit: 180)
                    epoch.speed = try reader.number(7, "speed (knots)", range: TrackBounds.speedKnots)
                        .map { $0 * 1852 / 3600 }
                    epoch.course = try reader.number(8, "course", range: TrackBounds.course)
                } else {
                    epoch.noFix = true
                }
                epoch.date = try reader.date(9)
            }
            epochs[epochs.count - 1] = epoch
        }
        return try points(epochs)
    }

    private static func points(_ epochs: [Epoch]) throws(TrackError) -> [TrackPoint] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        var points: [TrackPoint] = []
        var day = 0.0
        var previous: Double?
        var lastDate: DateComponents?
        for epoch in epochs {
            if let previous, epoch.timeOfDay < previous { day += 86_400 }
            previous = epoch.timeOfDay
            if let date = epoch.date, date != lastDate {
                lastDate = date
                day = 0
            }
            let base = lastDate.flatMap { calendar.date(from: $0)?.timeIntervalSince1970 } ?? 0
            let time = Date(timeIntervalSince1970: base + day + epoch.timeOfDay)
            var fix: ScenarioFix?
            if let latitude = epoch.latitude, let longitude = epoch.longitude,
                let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
            {
                fix = ScenarioFix(
                    coordinate: coordinate, horizontalAccuracy: epoch.hdop.map { $0 * metersPerHDOP },
                    altitude: epoch.altitude, speed: epoch.speed, course: epoch.course, satellites: epoch.satellites)
            } else if !epoch.noFix {
                continue
            }
            points.append(TrackPoint(time: time, fix: fix, line: epoch.line))
        }
        return points
    }
}

/// Reads typed values out of one sentence's fields, with errors at the field's column.
private struct FieldReader {
    var fields: [Substring]
    var line: Int

    func text(_ index: Int) -> Substring? {
        guard fields.indices.contains(index), !fields[index].isEmpty else { return nil }
        return fields[index]
    }

    /// The 1-based column where field `index` starts (after `$`).
    func column(_ index: Int) -> Int {
        2 + fields.prefix(index).reduce(0) { $0 + $1.count + 1 }
    }

    func error(_ index: Int, _ message: String) -> TrackError {
        TrackError(line: line, column: column(index), message: message)
    }

    /// A number within `range` (see ``TrackBounds``), when the field is not empty.
    func number(_ index: Int, _ name: String, range: ClosedRange<Double>) throws(TrackError) -> Double? {
        guard let text = text(index) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw error(index, "expected a number in field \(index), found \(InputQuote.quoted(text))")
        }
        guard range.contains(value) else {
            throw error(
                index,
                "\(name) in field \(index) must be \(TrackBounds.describe(range)), found \(InputQuote.quoted(text))")
        }
        return value
    }

    /// A whole number, within `range` when one is given.
    func integer(_ index: Int, range: ClosedRange<Int>? = nil) throws(TrackError) -> Int? {
        guard let text = text(index) else { return nil }
        guard let value = Int(text) else {
            throw error(index, "expected a whole number in field \(index), found \(InputQuote.quoted(text))")
        }
        if let range, !range.contains(value) {
            throw error(
                index,
                "field \(index) must be from \(range.lowerBound) to \(range.upperBound), found \(InputQuote.quoted(text))"
            )
        }
        return value
    }

    /// `hhmmss[.ss]` as seconds since midnight.
    func timeOfDay(_ index: Int) throws(TrackError) -> Double? {
        guard let text = text(index) else { return nil }
        let digits = text.prefix { $0.isNumber }
        guard digits.count == 6, let hours = Int(digits.prefix(2)), let minutes = Int(digits.dropFirst(2).prefix(2)),
            let seconds = Double(text.dropFirst(4)), hours < 24, minutes < 60, seconds < 61
        else { throw error(index, "expected a time hhmmss.ss, found \(InputQuote.quoted(text))") }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// `ddmmyy` as a UTC calendar date.
    func date(_ index: Int) throws(TrackError) -> DateComponents? {
        guard let text = text(index) else { return nil }
        guard text.count == 6, let day = Int(text.prefix(2)), let month = Int(text.dropFirst(2).prefix(2)),
            let year = Int(text.suffix(2)), (1...31).contains(day), (1...12).contains(month)
        else { throw error(index, "expected a date ddmmyy, found \(InputQuote.quoted(text))") }
        return DateComponents(year: year < 80 ? 2000 + year : 1900 + year, month: month, day: day)
    }

    /// `(d)ddmm.mmmm` with its hemisphere as signed degrees.
    func angle(
        _ index: Int, hemisphere: Int, positive: Character, negative: Character, limit: Double
    ) throws(TrackError) -> Double? {
        guard let text = text(index) else {
            throw error(index, "expected a \(limit == 90 ? "latitude" : "longitude") in field \(index)")
        }
        // NMEA angles have no sign (the hemisphere field gives it): `-5230.0,S` or `52-0.0`
        // would otherwise be read as another place.
        guard text.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), text.filter({ $0 == "." }).count <= 1
        else {
            throw error(
                index,
                "expected \(limit == 90 ? "ddmm.mmmm" : "dddmm.mmmm") (digits only: the hemisphere field gives the sign), found \(InputQuote.quoted(text))"
            )
        }
        let integerPart = text.prefix { $0 != "." }
        guard integerPart.count >= 3, let degrees = Double(integerPart.dropLast(2)),
            let minutes = Double(text.dropFirst(integerPart.count - 2)), minutes < 60
        else {
            throw error(index, "expected \(limit == 90 ? "ddmm.mmmm" : "dddmm.mmmm"), found \(InputQuote.quoted(text))")
        }
        let value = degrees + minutes / 60
        guard value <= limit else {
            throw error(
                index, "\(limit == 90 ? "latitude" : "longitude") \(InputQuote.excerpt(text)) is beyond \(Int(limit))°")
        }
        switch self.text(hemisphere)?.first {
        case positive: return value
        case negative: return -value
        default: throw error(hemisphere, "expected \(positive) or \(negative) in field \(hemisphere)")
        }
    }
}
