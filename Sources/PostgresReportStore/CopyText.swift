import Geodata
import Geodesy
import NIOCore
import ReportStore

/// Reports as the text format of `COPY … FROM STDIN`: one line per row, tab-separated, `\N`
/// for NULL, with backslash, tab, newline and carriage return escaped.
enum CopyText {
    /// The report columns in the order of every statement and of `PostgresReportStore.report(_:)`.
    static let columns = [
        "id", "kind", "status", "latitude", "longitude", "radius_m", "radius_band", "place", "last_seen_date",
        "species", "breed", "gender", "approximate_age", "microchip_number", "description", "phone", "email",
        "photo_url", "reward", "owner_token_hash", "caregiver_phone", "current_address", "idempotency_key",
    ]

    /// The columns with their types, for the import's temporary table.
    static let columnDefinitions = """
        id text COLLATE "C" NOT NULL, kind text NOT NULL, status text NOT NULL, latitude double precision,
        longitude double precision, radius_m double precision, radius_band smallint, place text,
        last_seen_date text, species text, breed text, gender text, approximate_age integer,
        microchip_number text, description text, phone text, email text, photo_url text, reward text,
        owner_token_hash text, caregiver_phone text, current_address text, idempotency_key text COLLATE "C"
        """

    /// Appends `report`'s line (with its file `line` first) to `buffer`.
    static func append(_ report: PetReport, line: Int, to buffer: inout ByteBuffer) {
        let radius = report.radius?.meters
        let fields: [String?] = [
            String(line), report.id, report.kind.rawValue, report.status.rawValue,
            report.coordinate.map { "\($0.latitude.degrees)" }, report.coordinate.map { "\($0.longitude.degrees)" },
            radius.map { "\($0)" }, radius.map { String(RadiusBand.of($0)) }, report.place, report.lastSeenDate,
            report.species, report.breed, report.gender, report.approximateAge.map(String.init),
            report.microchipNumber, report.description, report.phone, report.email, report.photoUrl, report.reward,
            report.ownerTokenHash, report.caregiverPhone, report.currentAddress, report.idempotencyKey,
        ]
        for (index, field) in fields.enumerated() {
            if index > 0 { buffer.writeInteger(UInt8(ascii: "\t")) }
            guard let field else {
                buffer.writeStaticString("\\N")
                continue
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
        buffer.writeInteger(UInt8(ascii: "\n"))
    }
}
