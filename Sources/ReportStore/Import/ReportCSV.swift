import Geodata
import Geodesy
import OutsideInput

/// Missing-pet reports as CSV (read by ``CSVRecords``: RFC 4180, CRLF or LF, quoted fields,
/// a UTF-8 byte order mark, `#` comment lines and blank lines skipped), row by row.
///
/// Without a header the columns are `id,latitude,longitude,radiusKm`. A first record with a
/// field named `latitude` or `lat` (any case) is a header: it must name each of the four
/// columns once (`id`; `latitude`/`lat`; `longitude`/`lon`/`lng`; `radiusKm`/`radius_km`/
/// `radius`/`locationRadius`), in any order, and may name `location` (or `place`: the place's
/// name), `status` (`ACTIVE`, `FOUND`, `CLOSED`), `phone` and `email` (the contact the Pet
/// details card shows; it needs at least one of them); other columns are ignored. Every record has
/// as many fields as the header (or four). Latitude and longitude are read as Geodata reads a
/// field; the radius is plain decimal kilometres (`15`, `2.5`: `0x10`, `nan`, `inf`, `1e3` are
/// not numbers here).
///
/// ```swift
/// let csv = try ReportCSV(bytes: Array("id,lat,lon,radiusKm\r\nr1,52.2297,21.0122,15\r\n".utf8))
/// csv.forEachRow { row in … }     // .report(PetReport r1, line: 2)
/// ```
public struct ReportCSV: ReportSource {
    /// The columns and the names a header may give each.
    enum Column: Int, CaseIterable {
        case id, latitude, longitude, radius, place, status, phone, email

        var names: [String] {
            switch self {
            case .id: ["id"]
            case .latitude: ["latitude", "lat"]
            case .longitude: ["longitude", "lon", "lng"]
            case .radius: ["radiuskm", "radius_km", "radius", "locationradius"]
            case .place: ["location", "place"]
            case .status: ["status"]
            case .phone: ["phone"]
            case .email: ["email"]
            }
        }

        var title: String {
            switch self {
            case .id: "id"
            case .latitude: "latitude"
            case .longitude: "longitude"
            case .radius: "radiusKm"
            case .place: "location"
            case .status: "status"
            case .phone: "phone"
            case .email: "email"
            }
        }

        static let required: [Column] = [.id, .latitude, .longitude, .radius]
    }

    private let bytes: [UInt8]
    /// Where the text starts in `bytes`: after the byte order mark, if there is one.
    private let start: Int
    /// Each column's field number, by ``Column`` raw value; -1 when the file has no such column.
    private let positions: [Int]
    private let width: Int
    private let headerLine: Int?

    /// The CSV text in `bytes` (UTF-8, with or without a byte order mark).
    ///
    /// - Throws: ``ImportProblem`` when the text is not UTF-8 or the header is unusable (a
    ///   column named twice, a required column missing).
    public init(bytes: [UInt8]) throws(ImportProblem) {
        // The bytes are kept as they are (a large file is not copied again).
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard Self.isUTF8(bytes[start...]) else {
            throw ImportProblem(number: 1, message: "the file is not UTF-8 text (save it as UTF-8 CSV)")
        }
        self.bytes = bytes
        let start = start
        let first = bytes.withUnsafeBufferPointer { CSVRecords.first(in: UnsafeBufferPointer(rebasing: $0[start...])) }
        var named: [Column: Int] = [.id: 0, .latitude: 1, .longitude: 2, .radius: 3]
        if case .record(let line, let fields) = first, Self.isHeader(fields) {
            (named, width) = try Self.header(fields, line: line)
            headerLine = line
        } else {
            width = 4
            headerLine = nil
        }
        positions = Column.allCases.map { named[$0] ?? -1 }
    }

    public func forEachRow(_ body: (ReportRow) throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { buffer in
            try CSVRecords.forEach(in: UnsafeBufferPointer(rebasing: buffer[start...])) { item in
                switch item {
                case .malformed(let line, let reason):
                    try body(.invalid(ImportProblem(number: line, message: reason)))
                case .record(let line, let fields):
                    if line == headerLine { return }
                    let row: ReportRow
                    do throws(ImportProblem) {
                        row = .report(try report(fields, line: line), line: line)
                    } catch {
                        row = .invalid(error)
                    }
                    try body(row)
                }
            }
        }
    }

    /// Whether `bytes` are UTF-8, checked without copying them (`String(validating:)` made a
    /// copy of the whole file): the ASCII prefix eight bytes at a time — all of a typical CSV
    /// file — and the rest, from the first non-ASCII byte (which starts a character), by the
    /// standard library.
    static func isUTF8(_ bytes: ArraySlice<UInt8>) -> Bool {
        let ascii = bytes.withUnsafeBytes { raw -> Int in
            var offset = 0
            while offset + 8 <= raw.count,
                raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                offset += 8
            }
            while offset < raw.count, raw[offset] < 0x80 { offset += 1 }
            return offset
        }
        let rest = bytes.dropFirst(ascii)
        return rest.isEmpty || String(validating: rest, as: UTF8.self) != nil
    }

    private static func isHeader(_ fields: [String]) -> Bool {
        fields.contains { Column.latitude.names.contains($0.lowercased()) }
    }

    private static func header(_ fields: [String], line: Int) throws(ImportProblem) -> ([Column: Int], Int) {
        var positions: [Column: Int] = [:]
        for (position, field) in fields.enumerated() {
            guard let column = Column.allCases.first(where: { $0.names.contains(field.lowercased()) }) else { continue }
            guard positions[column] == nil else {
                throw ImportProblem(number: line, message: "the header names the \(column.title) column twice")
            }
            positions[column] = position
        }
        let missing = Column.required.filter { positions[$0] == nil }
        guard missing.isEmpty else {
            throw ImportProblem(
                number: line,
                message: "the header has no \(missing.map(\.title).joined(separator: ", ")) column "
                    + "(expected id,latitude,longitude,radiusKm)")
        }
        return (positions, fields.count)
    }

    private func report(_ fields: [String], line: Int) throws(ImportProblem) -> PetReport {
        func problem(_ message: String) -> ImportProblem { ImportProblem(number: line, message: message) }
        guard fields.count == width else {
            let expected = width == 4 ? "id,latitude,longitude,radiusKm (4 fields)" : "\(width) fields"
            throw problem("expected \(expected), found \(fields.count)")
        }
        func field(_ column: Column) -> String? {
            let position = positions[column.rawValue]
            return position >= 0 ? fields[position] : nil
        }
        let id = field(.id) ?? ""
        guard !id.isEmpty else { throw problem("id is missing") }
        let latitude: Latitude
        let longitude: Longitude
        do throws(ReportFieldProblem) {
            latitude = try Self.component(field(.latitude) ?? "", Latitude.self, name: "latitude")
            longitude = try Self.component(field(.longitude) ?? "", Longitude.self, name: "longitude")
        } catch {
            throw problem(error.message)
        }
        let radiusText = field(.radius) ?? ""
        guard !radiusText.isEmpty else { throw problem("radiusKm is missing") }
        guard let kilometres = PlainDecimal.parse(radiusText) else {
            throw problem("radiusKm \"\(radiusText)\" is not a number (plain decimal kilometres, like 15 or 2.5)")
        }
        let radius: SearchRadius
        do {
            radius = try SearchRadius(kilometers: kilometres)
        } catch {
            throw problem(error.description)
        }
        var report = PetReport(id: id, kind: .missing)
        report.coordinate = Coordinate(latitude: latitude, longitude: longitude)
        report.radius = radius
        if let place = field(.place), !place.isEmpty { report.place = place }
        if let text = field(.status), !text.isEmpty {
            guard let status = ReportStatus(text: text) else {
                throw problem("status \"\(text)\" is not one of \(ReportStatus.choices)")
            }
            report.status = status
        }
        if let phone = field(.phone), !phone.isEmpty { report.phone = phone }
        if let email = field(.email), !email.isEmpty { report.email = email }
        return report
    }

    private struct ReportFieldProblem: Error {
        var message: String
    }

    private static func component<C: CoordinateComponent>(_ text: String, _: C.Type, name: String)
        throws(ReportFieldProblem) -> C
    {
        let value: C?
        do {
            value = try C.parse(text)
        } catch {
            throw ReportFieldProblem(message: "\(name) \"\(text)\": \(error.description)")
        }
        guard let value else { throw ReportFieldProblem(message: "\(name) is missing") }
        return value
    }
}

extension ImportProblem: Error {}
