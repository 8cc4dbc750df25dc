import Foundation
import Geodata
import Geodesy
import OutsideInput
public import PetSpotJSON
public import ReportSteps
public import ReportStore

/// A stored report's Pet details card (spec 003): ``PetDetailsCard``'s texts — the same
/// card `petspot show` prints — made straight from the report's values (no JSON in between),
/// with the links and layout a page needs (`GET /v1/reports/{id}/card`, drawn by
/// `/pets/{id}`).
///
/// ```swift
/// let card = try PetCard(report, photoUrl: "/v1/reports/r-1/photo")
/// card.json.text      // {"id":"r-1","photoUrl":…,"status":{"text":"MISSING","color":"red"},…}
/// ```
public struct PetCard: Sendable {
    /// The report's identifier.
    public let id: String
    /// The card's texts.
    public let card: PetDetailsCard
    /// The status changes its owner can make from the card (``StatusTransitions``).
    public let actions: [StatusAction]
    /// The service's own map on this report (`/map?near=LAT,LON&report=ID`), when it has a place.
    public let mapPage: String?
    /// How the card shows the contact rows (``ContactView``).
    public let contacts: ContactView
    /// What the card says of a missing report that cannot be matched by place (no place or no
    /// radius: no found pet is ever compared with it), else `nil`.
    public let matchNote: String?

    /// The note of a missing report with no place to match by.
    public static let unmatchedByPlace =
        "This report has no place, so found pets cannot be matched to it by where they were found."

    /// The card of `report`; `photoUrl` (where its kept photo is served) wins over the one it
    /// was stored with.
    ///
    /// - Throws: ``AnnouncementError/noContact`` for a report with neither a phone nor an email
    ///   (the card needs one).
    ///
    /// `contacts`: how the contact rows are shown — whole for the report's owner and the
    /// operator; to a stranger on request (``ContactView/onRequest``), or not at all once the
    /// report is closed (``ContactView/forStranger(_:)``).
    public init(_ report: PetReport, photoUrl: String? = nil, contacts: ContactView = .shown)
        throws(AnnouncementError)
    {
        id = report.id
        self.contacts = contacts
        matchNote =
            report.kind == .missing && (report.coordinate == nil || report.radius == nil) ? Self.unmatchedByPlace : nil
        actions = StatusTransitions.next(from: report.status, kind: report.kind).map {
            StatusAction(to: $0, kind: report.kind)
        }
        card = try PetDetailsCard(checking: Announcement(report, photoUrl: photoUrl))
        mapPage = report.coordinate.map { place in
            // Ids may hold `+` and `:`, which a query would read otherwise: percent-encoded.
            let id = report.id.addingPercentEncoding(withAllowedCharacters: Self.queryValue) ?? ""
            return "/map?near=\(place.latitude.degrees),\(place.longitude.degrees)&report=\(id)"
        }
    }

    /// What a query value keeps unencoded (RFC 3986's unreserved characters).
    private static let queryValue = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    /// What a page draws: `{"id", "photoUrl", "photoText", "imageNotAvailable", "status":
    /// {"text", "color"}, "reward", "fields": [{"label", "value", "id", "href", "empty",
    /// "truncated", "multiline", "half"}…], "map": {"title", "url", "page", "empty"}, "actions":
    /// [{"status", "title", "id"}…]}`.
    public var json: JSONValue {
        .object([
            ("id", .string(id)),
            ("photoUrl", .string(card.photoURL)),
            ("photoText", .string(card.photoText)),
            ("imageNotAvailable", .string(PetDetailsCard.imageNotAvailable)),
            ("status", .object([("text", .string(card.status.text)), ("color", .string(card.status.color.rawValue))])),
            ("reward", .string(card.rewardText.map(Self.visible))),
            ("matchNote", .string(matchNote)),
            ("fields", .array(card.fields.map { Self.field($0, contacts: contacts) })),
            (
                "map",
                .object([
                    ("title", .string(PetDetailsPresenter.showMapTitle)), ("url", .string(card.mapURL)),
                    ("page", .string(mapPage)),
                    ("empty", .string(PetDetailsCard.noLocationData)),
                ])
            ),
            (
                "actions",
                .array(
                    actions.map {
                        .object([
                            ("status", .string($0.status.rawValue)), ("title", .string($0.title)),
                            ("id", .string($0.id)),
                        ])
                    })
            ),
        ])
    }

    /// One label-value pair, with its layout as data (by ``PetDetailsCard/LabelValue``'s field):
    /// `empty` for a value the report does not have, `half` for the pairs shown side by side.
    static func field(_ field: PetDetailsCard.LabelValue) -> JSONValue {
        .object([
            ("label", .string(field.label)), ("value", .string(visible(field.value))),
            ("id", .string(field.accessibilityIdentifier)), ("href", .string(href(field))),
            ("empty", .bool(field.isEmpty)), ("truncated", .bool(field.isTruncated)),
            ("multiline", .bool(field.isMultiline)), ("half", .bool(field.isHalfWidth)),
        ])
    }

    /// Outside text as a page shows it (``PageSafeText``): right-to-left text as it was written,
    /// its marks (U+200F) kept — the page isolates each value's direction (`dir="auto"`) — and
    /// the controls that reorder what follows (U+202A–U+202E, U+2066–U+2069), other controls and
    /// hiding zero-width characters as visible escapes (`<U+202E>`), so a value cannot read
    /// backwards (`+48 123` as `321 84+`) or hide characters; newlines stay (a description's
    /// lines). The terminal card (`petspot show`) escapes the marks too (``TerminalSafeText``).
    static func visible(_ text: String) -> String {
        PageSafeText.pageSafe(text)
    }

    /// What a `mailto:` address keeps as it is: ASCII letters, digits and `@.-_+`.
    static let mailtoAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@.-_+")

    /// `tel:+48123456789` (digits and `+` only) or `mailto:owner@example.com` (percent-encoded
    /// where a URL needs it), for the phone, caregiver phone and email rows; `nil` for the others.
    static func href(_ field: PetDetailsCard.LabelValue) -> String? {
        switch field.field {
        case .phone, .caregiverPhone:
            let phone = ContactRules.sanitizedPhone(field.value)
            return phone.isEmpty ? nil : "tel:" + phone
        case .email:
            return field.value.addingPercentEncoding(withAllowedCharacters: mailtoAllowed).map { "mailto:" + $0 }
        default:
            return nil
        }
    }
}
