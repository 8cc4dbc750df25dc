import Geodata
import Geodesy
import NIOCore
import ReportStore

/// Reports as the text format of `COPY … FROM STDIN`: one line per row, tab-separated, `\N`
/// for NULL, with backslash, tab, newline and carriage return escaped.
enum CopyText {
    /// The report's fields, each in its column (``ReportField/column``), in the order of every
    /// statement; `PostgresReportStore.report(_:)` reads them by these names.
    static let fields = ReportField.allCases
    /// The engine's own column beside the fields: ⌊log2(radius_m)⌋, the nearby indexes' band.
    static let radiusBand = "radius_band"
    /// The report columns: the fields', then ``radiusBand``.
    static let columns = fields.map(\.column) + [radiusBand]

    /// The columns with their types (by each field's codec), for the import's temporary table.
    static let columnDefinitions =
        fields.map { field in
            let type =
                switch field.value {
                case .id: "text COLLATE \"C\" NOT NULL"
                case .kind, .status: "text NOT NULL"
                case .text: "text"
                case .timestamp: "text COLLATE \"C\""
                case .wholeNumber: "integer"
                case .latitude, .longitude, .radius: "double precision"
                }
            return "\(field.column) \(type)"
        }.joined(separator: ", ") + ", \(radiusBand) smallint"

    /// The text of `field`'s value in `report` (`nil`: NULL), as COPY and the insert take it;
    /// `now` for a timestamp the report has not (a report made now).
    static func text(_ field: ReportField, of report: PetReport, now: String) -> String? {
        switch field.value {
        case .id: report.id
        case .kind: report.kind.rawValue
        case .status: report.status.rawValue
        case .text: field.text(in: report)
        case .timestamp: field.text(in: report) ?? now
        case .wholeNumber: field.integer(in: report).map(String.init)
        case .latitude: report.coordinate.map { "\($0.latitude.degrees)" }
        case .longitude: report.coordinate.map { "\($0.longitude.degrees)" }
        case .radius: report.radius.map { "\($0.meters)" }
        }
    }

    /// Appends `report`'s line (with its file `line` first) to `buffer`; `now`
    /// (``ReportTimestamp``) is the renewal time of a report that has none.
    static func append(_ report: PetReport, line: Int, now: String, to buffer: inout ByteBuffer) {
        buffer.writeString(String(line))
        for field in fields { write(text(field, of: report, now: now), to: &buffer) }
        write(report.radius.map { String(RadiusBand.of($0.meters)) }, to: &buffer)
        buffer.writeInteger(UInt8(ascii: "\n"))
    }

    /// A tab, then `field` escaped (`\N` for NULL).
    private static func write(_ field: String?, to buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt8(ascii: "\t"))
        guard let field else {
            buffer.writeStaticString("\\N")
            return
        }
        for byte in field.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
            case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
            case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
            case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
            default: buffer.writeInteger(byte)
            }
        }
    }
}
