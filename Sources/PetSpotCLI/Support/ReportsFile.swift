import Foundation
import Geodata
import Geodesy

/// The missing-pet reports `petspot nearby` reads, as a JSON array or as CSV lines.
///
/// JSON: `[{"id": "r1", "latitude": 52.2297, "longitude": 21.0122, "radiusKm": 15}, …]`
/// (`locationRadius`, the API's name, is accepted for `radiusKm`; `id` may be a number).
///
/// CSV: one report per line, `id,latitude,longitude,radiusKm`; blank lines, lines starting
/// with `#` and a first line starting with `id` (a header) are skipped.
///
/// Every report is checked with Geodata's rules; any bad one rejects the whole file with every
/// problem listed (line or item number first), so no report is silently dropped.
enum ReportsFile {
    /// The most problems one error lists.
    static let problemLimit = 20

    static func parse(_ text: String) throws -> [NearbyReport] {
        let trimmed = text.drop { $0.isWhitespace }
        return trimmed.first == "[" ? try json(text) : try csv(text)
    }

    private static func json(_ text: String) throws -> [NearbyReport] {
        let items: [Any]
        do {
            guard let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any] else {
                throw InputError("Reports: expected a JSON array of objects")
            }
            items = array
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError("Reports: not valid JSON (\(error.localizedDescription))")
        }
        var reports: [NearbyReport] = []
        var problems: [String] = []
        for (offset, item) in items.enumerated() {
            let place = "item \(offset + 1)"
            guard let object = item as? [String: Any] else {
                problems.append("\(place): expected an object")
                continue
            }
            let id = (object["id"] as? String) ?? (object["id"] as? NSNumber).map { "\($0)" }
            let radius = object["radiusKm"] ?? object["locationRadius"]
            do {
                reports.append(
                    try report(
                        id: id, latitude: number(object["latitude"]), longitude: number(object["longitude"]),
                        radiusKm: number(radius)))
            } catch let error as InputError {
                problems.append("\(place): \(error.description)")
            }
        }
        try check(problems)
        return reports
    }

    private static func csv(_ text: String) throws -> [NearbyReport] {
        var reports: [NearbyReport] = []
        var problems: [String] = []
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty || line.hasPrefix("#") { continue }
            if reports.isEmpty && problems.isEmpty && line.lowercased().hasPrefix("id") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let place = "line \(offset + 1)"
            guard fields.count == 4 else {
                problems.append("\(place): expected id,latitude,longitude,radiusKm (4 fields), found \(fields.count)")
                continue
            }
            do {
                let latitude = try field(fields[1], Latitude.self, name: "latitude")
                let longitude = try field(fields[2], Longitude.self, name: "longitude")
                reports.append(
                    try report(id: fields[0], latitude: latitude, longitude: longitude, radiusKm: Double(fields[3])))
            } catch let error as InputError {
                problems.append("\(place): \(error.description)")
            }
        }
        try check(problems)
        return reports
    }

    private static func field<C: CoordinateComponent>(_ text: String, _: C.Type, name: String) throws -> Double? {
        do {
            return try C.parse(text)?.degrees
        } catch {
            throw InputError("\(name) \"\(text)\": \(error.description)")
        }
    }

    private static func number(_ value: Any?) -> Double? {
        guard let number = value as? NSNumber, !(value is Bool) else { return nil }
        return number.doubleValue
    }

    private static func report(id: String?, latitude: Double?, longitude: Double?, radiusKm: Double?) throws
        -> NearbyReport
    {
        guard let id, !id.isEmpty else { throw InputError("id is missing") }
        guard let latitude else { throw InputError("latitude is missing or not a number") }
        guard let longitude else { throw InputError("longitude is missing or not a number") }
        guard let radiusKm else { throw InputError("radiusKm is missing or not a number") }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw InputError("\(latitude), \(longitude): \(error.description)")
        }
        do {
            return NearbyReport(id: id, coordinate: coordinate, radius: try SearchRadius(kilometers: radiusKm))
        } catch {
            throw InputError(error.description)
        }
    }

    private static func check(_ problems: [String]) throws {
        guard !problems.isEmpty else { return }
        var lines = problems.prefix(problemLimit).map { "  " + $0 }
        if problems.count > problemLimit { lines.append("  … and \(problems.count - problemLimit) more") }
        throw InputError(
            "Reports: \(problems.count) invalid report\(problems.count == 1 ? "" : "s"), none used:\n"
                + lines.joined(separator: "\n"))
    }
}
