import Foundation
public import PetSpotJSON
import ReportSteps
public import ReportStore

/// A card's contact rows (``ReportField/Audience/contact``: phone, email, caregiver phone,
/// current address) are the reporter's: a stranger gets them one request at a time
/// (`GET /v1/reports/{id}/contact`, its own budget per client), never in the card's JSON, a
/// list, the page's HTML or a share tag.
extension PetCard {
    /// How a card shows its contact rows.
    public enum ContactView: Sendable, Hashable {
        /// The values (the report's owner, the operator, the terminal card).
        case shown
        /// A button per row ("Show phone") that asks the contact route; no value.
        case onRequest
        /// No value and no button: the report is closed, and the public is shown no contact.
        case hidden

        /// What a stranger is shown for `report`: on request while it is open, else nothing.
        public static func forStranger(_ report: PetReport) -> ContactView {
            report.isOpen ? .onRequest : .hidden
        }
    }

    /// The row a closed report shows a stranger instead of a contact.
    public static let contactHidden = "Hidden: this report is closed."

    /// The button that reveals a contact row: `Show phone`, `Show email`, `Show address`.
    static func revealTitle(_ field: ReportField) -> String {
        switch field {
        case .email: "Show email"
        case .currentAddress: "Show address"
        default: "Show phone"
        }
    }

    /// One row as ``field(_:)`` writes it, its contact value left out unless `contacts` is
    /// ``ContactView/shown``: with ``ContactView/onRequest`` `reveal` is `{"title", "id"}` (the
    /// row's id with `.reveal` for `.tap`), with ``ContactView/hidden`` the value says why.
    static func field(_ field: PetDetailsCard.LabelValue, contacts: ContactView) -> JSONValue {
        guard field.field.audience == .contact, contacts != .shown,
            case .object(var members) = Self.field(field)
        else { return Self.field(field) }
        let hidden = contacts == .hidden
        let id =
            (field.accessibilityIdentifier ?? "petDetails.\(field.field.rawValue)")
            .replacingOccurrences(of: ".tap", with: "") + ".reveal"
        members = members.map { name, value in
            switch name {
            case "value": (name, .string(hidden ? contactHidden : ""))
            case "href": (name, .null)
            case "empty": (name, .bool(hidden))
            default: (name, value)
            }
        }
        let reveal: JSONValue =
            hidden ? .null : .object([("title", .string(revealTitle(field.field))), ("id", .string(id))])
        return .object(members + [("reveal", reveal), ("field", .string(field.field.rawValue))])
    }

    /// `GET /v1/reports/{id}/contact`: `{"id", "fields": [{"field", "label", "value", "id",
    /// "href", …}]}` — the card's contact rows, whole.
    public var contactJSON: JSONValue {
        .object([
            ("id", .string(id)),
            (
                "fields",
                .array(
                    card.fields.filter { $0.field.audience == .contact }.map { row in
                        guard case .object(let members) = Self.field(row) else { return .null }
                        return .object([("field", .string(row.field.rawValue))] + members)
                    })
            ),
        ])
    }
}
