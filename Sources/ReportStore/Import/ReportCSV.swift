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
        try forEachRecord(
            { record in
                switch record {
                case .row(let row): try body(row)
                case .place(let row): try body(.report(row.report, line: row.line))
                }
            }, end: {})
    }

    /// The rows, each valid row of places as a ``PlaceRow`` of the file's bytes (no `String`,
    /// no ``PetReport``); a row whose id or text breaks a rule, or has a field with a quote
    /// in it, as the report it makes, for the engine's check to name what is wrong.
    public func forEachRecord(_ body: (ImportRecord) throws -> Void, end: () throws -> Void) rethrows {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVRecords(bytes: UnsafeBufferPointer(rebasing: buffer[start...]))
            while let reading = reader.nextRecord() {
                switch reading {
                case .malformed(let line, let reason):
                    try body(.row(.invalid(ImportProblem(number: line, message: reason))))
                case .record(let line):
                    if line == headerLine { continue }
                    let record: ImportRecord
                    do throws(ImportProblem) {
                        record = try self.record(reader, line: line)
                    } catch {
                        record = .row(.invalid(error))
                    }
                    try body(record)
                }
            }
            try end()
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

    private func record(_ reader: CSVRecords, line: Int) throws(ImportProblem) -> ImportRecord {
        func problem(_ message: String) -> ImportProblem { ImportProblem(number: line, message: message) }
        let fields = reader.fields
        guard fields.count == width else {
            let expected = width == 4 ? "id,latitude,longitude,radiusKm (4 fields)" : "\(width) fields"
            throw problem("expected \(expected), found \(fields.count)")
        }
        /// The column's field; `nil` when the file has no such column or the field is empty.
        func field(_ column: Column) -> CSVRecords.Field? {
            let position = positions[column.rawValue]
            guard position >= 0, fields[position].end > fields[position].start else { return nil }
            return fields[position]
        }
        guard let id = field(.id) else { throw problem("id is missing") }
        let latitude: Latitude
        let longitude: Longitude
        do throws(ReportFieldProblem) {
            latitude = try Self.component(reader, field(.latitude), Latitude.self, name: "latitude")
            longitude = try Self.component(reader, field(.longitude), Longitude.self, name: "longitude")
        } catch {
            throw problem(error.message)
        }
        guard let radiusField = field(.radius) else { throw problem("radiusKm is missing") }
        // A quote in the field (an escaped one) is not a digit: not a number either way.
        guard let kilometres = PlainDecimal.parse(utf8: reader.bytes(of: radiusField)) else {
            let text = reader.string(of: radiusField)
            throw problem("radiusKm \"\(text)\" is not a number (plain decimal kilometres, like 15 or 2.5)")
        }
        let radius: SearchRadius
        do {
            radius = try SearchRadius(kilometers: kilometres)
        } catch {
            throw problem(error.description)
        }
        var status = ReportStatus.active
        if let statusField = field(.status) {
            let text = reader.string(of: statusField)
            guard let value = ReportStatus(text: text) else {
                throw problem("status \"\(text)\" is not one of \(ReportStatus.choices)")
            }
            status = value
        }
        let (place, phone, email) = (field(.place), field(.phone), field(.email))
        func isText(_ field: CSVRecords.Field?) -> Bool {
            guard let field else { return true }
            return !field.isEscaped && PetReport.isValidText(utf8: reader.bytes(of: field))
        }
        // A status its kind never has goes the report's way too (none today: a missing report may be any).
        let statusIsKept = status == .active || StatusTransitions.statuses(of: .missing).contains(status)
        guard !id.isEscaped, ReportID.isValid(utf8: reader.bytes(of: id)), isText(place), isText(phone), isText(email),
            statusIsKept
        else {
            // The report as it is, for the engine's check (PetReport.validate) to name the problem.
            let report = PlaceRow.report(
                id: reader.string(of: id), coordinate: Coordinate(latitude: latitude, longitude: longitude),
                radius: radius, status: status, place: place.map(reader.string(of:)),
                phone: phone.map(reader.string(of:)), email: email.map(reader.string(of:)))
            return .row(.report(report, line: line))
        }
        return .place(
            PlaceRow(
                line: line, id: reader.bytes(of: id), coordinate: Coordinate(latitude: latitude, longitude: longitude),
                radius: radius, status: status, place: place.map(reader.bytes(of:)),
                phone: phone.map(reader.bytes(of:)),
                email: email.map(reader.bytes(of:))))
    }

    private struct ReportFieldProblem: Error {
        var message: String
    }

    /// The coordinate component in `field` (`nil`: no field, or an empty one).
    private static func component<C: CoordinateComponent>(
        _ reader: CSVRecords, _ field: CSVRecords.Field?, _: C.Type, name: String
    ) throws(ReportFieldProblem) -> C {
        guard let field else { throw ReportFieldProblem(message: "\(name) is missing") }
        let value: C?
        do {
            value = field.isEscaped ? try C.parse(reader.string(of: field)) : try C.parse(utf8: reader.bytes(of: field))
        } catch {
            throw ReportFieldProblem(message: "\(name) \"\(reader.string(of: field))\": \(error.description)")
        }
        guard let value else { throw ReportFieldProblem(message: "\(name) is missing") }
        return value
    }
}

extension ImportProblem: Error {}
