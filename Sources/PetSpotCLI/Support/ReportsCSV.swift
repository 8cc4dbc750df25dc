import Geodata
import Geodesy
import OutsideInput

/// Reports as CSV (read by ``CSVRecords``: RFC 4180, CRLF or LF, quoted fields, `#` comment
/// lines and blank lines skipped).
///
/// Without a header the columns are `id,latitude,longitude,radiusKm`. A first record with a
/// field named `latitude` or `lat` (any case) is a header: it must name each of the four
/// columns once (`id`; `latitude`/`lat`; `longitude`/`lon`/`lng`; `radiusKm`/`radius_km`/
/// `radius`/`locationRadius`), in any order; other columns are ignored. Every record has as
/// many fields as the header (or four). Latitude and longitude are read as Geodata reads a
/// field; the radius is plain decimal kilometres (`15`, `2.5`: `0x10`, `nan`, `inf`, `1e3`
/// are not numbers here).
enum ReportsCSV {
    /// The four columns and the names a header may give each.
    private enum Column: CaseIterable {
        case id, latitude, longitude, radius

        var names: [String] {
            switch self {
            case .id: ["id"]
            case .latitude: ["latitude", "lat"]
            case .longitude: ["longitude", "lon", "lng"]
            case .radius: ["radiuskm", "radius_km", "radius", "locationradius"]
            }
        }

        var title: String {
            switch self {
            case .id: "id"
            case .latitude: "latitude"
            case .longitude: "longitude"
            case .radius: "radiusKm"
            }
        }
    }

    static func parse(_ text: String) throws(InputError) -> [NearbyReport] {
        var items = CSVRecords.read(text)[...]
        var layout: (positions: [Column: Int], width: Int) = ([.id: 0, .latitude: 1, .longitude: 2, .radius: 3], 4)
        if case .record(let line, let fields) = items.first, isHeader(fields) {
            layout = try header(fields, line: line)
            items = items.dropFirst()
        }
        var reports: [NearbyReport] = []
        var problems: [String] = []
        for item in items {
            switch item {
            case .malformed(let line, let reason):
                problems.append("line \(line): \(reason)")
            case .record(let line, let fields):
                do throws(InputError) {
                    reports.append(try report(fields, layout: layout))
                } catch {
                    problems.append("line \(line): \(error.description)")
                }
            }
        }
        try ReportsFile.check(problems)
        return reports
    }

    private static func isHeader(_ fields: [String]) -> Bool {
        fields.contains { Column.latitude.names.contains($0.lowercased()) }
    }

    private static func header(_ fields: [String], line: Int) throws(InputError) -> ([Column: Int], Int) {
        var positions: [Column: Int] = [:]
        for (position, field) in fields.enumerated() {
            guard let column = Column.allCases.first(where: { $0.names.contains(field.lowercased()) }) else { continue }
            guard positions[column] == nil else {
                throw InputError("Reports: line \(line): the header names the \(column.title) column twice.")
            }
            positions[column] = position
        }
        let missing = Column.allCases.filter { positions[$0] == nil }
        guard missing.isEmpty else {
            throw InputError(
                "Reports: line \(line): the header has no \(missing.map(\.title).joined(separator: ", ")) column "
                    + "(expected id,latitude,longitude,radiusKm).")
        }
        return (positions, fields.count)
    }

    private static func report(_ fields: [String], layout: (positions: [Column: Int], width: Int)) throws(InputError)
        -> NearbyReport
    {
        guard fields.count == layout.width else {
            let expected = layout.width == 4 ? "id,latitude,longitude,radiusKm (4 fields)" : "\(layout.width) fields"
            throw InputError("expected \(expected), found \(fields.count)")
        }
        func field(_ column: Column) -> String { fields[layout.positions[column] ?? 0] }
        guard !field(.id).isEmpty else { throw InputError("id is missing") }
        let latitude = try coordinate(field(.latitude), Latitude.self, name: "latitude")
        let longitude = try coordinate(field(.longitude), Longitude.self, name: "longitude")
        let radiusText = field(.radius)
        guard !radiusText.isEmpty else { throw InputError("radiusKm is missing") }
        guard let radius = PlainDecimal.parse(radiusText) else {
            throw InputError("radiusKm \"\(radiusText)\" is not a number (plain decimal kilometres, like 15 or 2.5)")
        }
        return try ReportsFile.report(id: field(.id), latitude: latitude, longitude: longitude, radiusKm: radius)
    }

    private static func coordinate<C: CoordinateComponent>(_ text: String, _: C.Type, name: String) throws(InputError)
        -> Double
    {
        let value: C?
        do {
            value = try C.parse(text)
        } catch {
            throw InputError("\(name) \"\(text)\": \(error.description)")
        }
        guard let value else { throw InputError("\(name) is missing") }
        return value.degrees
    }
}
