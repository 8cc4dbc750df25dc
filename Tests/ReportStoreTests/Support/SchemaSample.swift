import Foundation
import Geodata
import Geodesy
import ReportStore
import Testing

/// A report with every field of ``ReportField`` set to a value of its own, and how each value
/// reads in JSON, a CSV file and on the card — for ``ReportSchemaTests``. A field this table
/// does not know gets `"<name> value"` as its text, which the card must show as it is.
enum SchemaSample {
    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    /// A report with only its identity.
    static let empty = PetReport(id: "schema-1", kind: .missing)

    /// The texts with a form of their own; any other text field is `"<name> value"`.
    static let texts: [ReportField: String] = [
        .photoUrl: "https://example.com/luna.jpg", .lastSeenDate: "2025-11-18", .species: "DOG", .gender: "FEMALE",
        .location: "Warsaw", .phone: "+48123456789", .email: "owner@example.com", .microchipNumber: "123456789012345",
        .ownerTokenHash: String(repeating: "ab", count: 32), .idempotencyKey: "key-1",
        .description: "Red collar.\nShy.", .currentAddress: "Home St 1\nWarsaw",
        .renewedAt: "2025-11-18T10:00:00.123Z",
    ]

    static func text(_ field: ReportField) -> String { texts[field] ?? "\(field.rawValue) value" }

    /// Every field set: each text to its own value, the age, the place and a 15 km radius.
    static func report() throws -> PetReport {
        var report = empty
        for field in ReportField.allCases {
            switch field.value {
            case .id, .kind, .status, .latitude, .longitude, .radius: continue
            case .text, .timestamp: field.setText(text(field), in: &report)
            case .wholeNumber: field.setInteger(3, in: &report)
            }
        }
        report.coordinate = try Coordinate(latitude: 52.2297, longitude: 21.0122)
        report.radius = try SearchRadius(kilometers: 15)
        try report.validate()
        return report
    }

    /// How `field` of ``report()`` is written in its JSON.
    static func json(_ field: ReportField) -> String {
        switch field.value {
        case .id: "\"id\":\"schema-1\""
        case .kind: "\"kind\":\"missing\""
        case .status: "\"status\":\"ACTIVE\""
        case .text, .timestamp:
            "\"\(field.rawValue)\":\"\(text(field).replacingOccurrences(of: "\n", with: "\\n"))\""
        case .wholeNumber: "\"\(field.rawValue)\":3"
        case .latitude: "\"\(field.rawValue)\":52.2297"
        case .longitude: "\"\(field.rawValue)\":21.0122"
        case .radius: "\"\(field.rawValue)\":15"
        }
    }

    /// `field`'s cell in a CSV row of ``report()``.
    static func csv(_ field: ReportField) -> String {
        switch field.value {
        case .id: "schema-1"
        case .status: "ACTIVE"
        case .latitude: "52.2297"
        case .longitude: "21.0122"
        case .radius: "15"
        default: text(field)
        }
    }

    /// What the card of ``report()`` shows of `field` (its value as the card writes it).
    static func card(_ field: ReportField) -> [String] {
        switch field {
        case .id: ["\"id\":\"schema-1\""]
        case .kind: ["Date of Disappearance"]  // a missing report's labels
        case .status: ["MISSING"]
        case .lastSeenDate: ["Nov 18, 2025"]
        case .species: ["Dog"]
        case .gender: ["♀ Female"]
        case .microchipNumber: ["12345-67890-12345"]
        case .approximateAge: ["3 years"]
        case .location, .locationRadius: ["Warsaw • ±15 km"]
        case .locationLatitude: ["52.22970"]
        case .locationLongitude: ["21.01220"]
        case .phone: ["tel:+48123456789"]
        case .email: ["mailto:owner@example.com"]
        case .renewedAt: []  // the lists' age ("reported 3 days ago"), not a line of the card
        default: [text(field).replacingOccurrences(of: "\n", with: "\\n")]
        }
    }

    /// Whether `field` reads the same in `read` as in `written`.
    static func same(_ field: ReportField, _ read: PetReport, _ written: PetReport) -> Bool {
        switch field.value {
        case .id: read.id == written.id
        case .kind: read.kind == written.kind
        case .status: read.status == written.status
        case .text, .timestamp: field.text(in: read) == field.text(in: written)
        case .wholeNumber: field.integer(in: read) == field.integer(in: written)
        case .latitude: read.coordinate?.latitude == written.coordinate?.latitude
        case .longitude: read.coordinate?.longitude == written.coordinate?.longitude
        case .radius:
            abs((read.radius?.meters ?? -1) - (written.radius?.meters ?? -2)) < 1e-6
        }
    }

    /// Every field of `read` as in `written`, each named when it is not.
    static func expectEqual(
        _ read: PetReport, _ written: PetReport, through place: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for field in ReportField.allCases where !same(field, read, written) {
            Issue.record("\(field) did not come back through \(place)", sourceLocation: sourceLocation)
        }
    }
}
