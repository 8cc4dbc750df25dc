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
    /// The columns a file may have: the report's fields with CSV names
    /// (``ReportField/csvNames``), in the report's order.
    static let columns = ReportField.allCases.filter { !$0.csvNames.isEmpty }
    /// The columns every file has, in the order of a file without a header.
    static let required: [ReportField] = [.id, .locationLatitude, .locationLongitude, .locationRadius]
    /// The text columns (``ReportField/Value/text``), each set as it is when not empty.
    static let texts = columns.indices.filter { columns[$0].value == .text }
    /// Where the columns read on their own are in ``columns`` (found once, not for each row).
    static let (idColumn, latitudeColumn, longitudeColumn, radiusColumn, statusColumn) = (
        column(.id), column(.locationLatitude), column(.locationLongitude), column(.locationRadius),
        column(.status)
    )

    /// Where the texts a row of places carries (``PlaceRow/texts``) are in ``columns``.
    static let (placeColumn, phoneColumn, emailColumn) = (column(.location), column(.phone), column(.email))
    /// The text columns a row of places does not carry (none today): a row with one of them
    /// filled goes the report's way (``PetReport``), so a field given CSV names is imported
    /// whatever ``PlaceRow`` carries.
    static let otherTexts = texts.filter { !PlaceRow.texts.contains(columns[$0]) }

    private static func column(_ field: ReportField) -> Int { columns.firstIndex(of: field) ?? -1 }

    private let bytes: [UInt8]
    /// Where the text starts in `bytes`: after the byte order mark, if there is one.
    private let start: Int
    /// Each column's field number, in the order of ``columns``; -1 when the file has no such column.
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
        var named = Dictionary(uniqueKeysWithValues: Self.required.enumerated().map { ($0.element, $0.offset) })
        if case .record(let line, let fields) = first, Self.isHeader(fields) {
            (named, width) = try Self.header(fields, line: line)
            headerLine = line
        } else {
            width = 4
            headerLine = nil
        }
        positions = Self.columns.map { named[$0] ?? -1 }
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
        fields.contains { Self.names(ReportField.locationLatitude).contains($0.lowercased()) }
    }

    /// The names a header may give `column`, in lower case.
    private static func names(_ column: ReportField) -> [String] { column.csvNames.map { $0.lowercased() } }

    /// How messages name `column`: its first CSV name (`radiusKm`).
    private static func title(_ column: ReportField) -> String { column.csvNames.first ?? column.rawValue }

    private static func header(_ fields: [String], line: Int) throws(ImportProblem) -> ([ReportField: Int], Int) {
        var positions: [ReportField: Int] = [:]
        for (position, field) in fields.enumerated() {
            guard let column = columns.first(where: { names($0).contains(field.lowercased()) }) else { continue }
            guard positions[column] == nil else {
                throw ImportProblem(number: line, message: "the header names the \(title(column)) column twice")
            }
            positions[column] = position
        }
        let missing = required.filter { positions[$0] == nil }
        guard missing.isEmpty else {
            throw ImportProblem(
                number: line,
                message: "the header has no \(missing.map(title).joined(separator: ", ")) column "
                    + "(expected \(required.map(title).joined(separator: ",")))")
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
        /// The field of column `index` (in ``columns``); `nil` when the file has no such column
        /// or the field is empty.
        func field(at index: Int) -> CSVRecords.Field? {
            guard positions.indices.contains(index) else { return nil }
            let position = positions[index]
            guard position >= 0, fields[position].end > fields[position].start else { return nil }
            return fields[position]
        }
        guard let id = field(at: Self.idColumn) else { throw problem("id is missing") }
        let latitude: Latitude
        let longitude: Longitude
        do throws(ReportFieldProblem) {
            latitude = try Self.component(reader, field(at: Self.latitudeColumn), Latitude.self, name: "latitude")
            longitude = try Self.component(reader, field(at: Self.longitudeColumn), Longitude.self, name: "longitude")
        } catch {
            throw problem(error.message)
        }
        guard let radiusField = field(at: Self.radiusColumn) else { throw problem("radiusKm is missing") }
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
        if let statusField = field(at: Self.statusColumn) {
            let text = reader.string(of: statusField)
            guard let value = ReportStatus(text: text) else {
                throw problem("status \"\(text)\" is not one of \(ReportStatus.choices)")
            }
            status = value
        }
        let (place, phone, email) = (
            field(at: Self.placeColumn), field(at: Self.phoneColumn), field(at: Self.emailColumn)
        )
        func isText(_ field: CSVRecords.Field?) -> Bool {
            guard let field else { return true }
            return !field.isEscaped && PetReport.isValidText(utf8: reader.bytes(of: field))
        }
        // A status its kind never has goes the report's way too (none today: a missing report may be any).
        let statusIsKept = status == .active || StatusTransitions.statuses(of: .missing).contains(status)
        guard !id.isEscaped, ReportID.isValid(utf8: reader.bytes(of: id)), isText(place), isText(phone), isText(email),
            statusIsKept, Self.otherTexts.allSatisfy({ field(at: $0) == nil })
        else {
            // The report as it is, for the engine's check (PetReport.validate) to name the problem.
            var report = PlaceRow.report(
                id: reader.string(of: id), coordinate: Coordinate(latitude: latitude, longitude: longitude),
                radius: radius, status: status)
            for index in Self.texts {
                if let text = field(at: index) { Self.columns[index].setText(reader.string(of: text), in: &report) }
            }
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
