import Foundation
import Hummingbird
import PetSpotJSON
import ReportSteps
import ReportStore

/// `GET /v1/reports/{id}/card`: a stored report's Pet details card (spec 003) as the page
/// `/pets/{id}` draws it. Every text is ``PetDetailsCard``'s — the same card `petspot show`
/// prints — computed from the report's announcement JSON; nothing is formatted here.
///
/// ```json
/// {"id": "…", "photoUrl": "" , "photoText": "Image not available",
///  "status": {"text": "MISSING", "color": "red"}, "reward": null,
///  "fields": [{"label": "Date of Disappearance", "value": "Nov 18, 2025", "id": null,
///              "href": null, "truncated": false, "multiline": false, "half": false}, …],
///  "map": {"title": "Show on the map", "url": "https://www.openstreetmap.org/?mlat=…", "empty": "No location data"}}
/// ```
enum PetCardJSON {
    /// The card of `report`.
    ///
    /// - Throws: ``Problem`` 422 when the report is not one the card shows (no phone and no
    ///   email: spec 003 requires one).
    static func card(_ report: PetReport) throws(Problem) -> JSONValue {
        let card: PetDetailsCard
        do {
            card = try PetDetailsCard(json: Data(ReportStoreJSON.report(report).text.utf8))
        } catch {
            throw Problem(.unprocessableContent, detail: "Report \(report.id) has no card: \(error).")
        }
        return .object([
            ("id", .string(report.id)),
            ("photoUrl", .string(card.photoURL)),
            ("photoText", .string(card.photoText)),
            ("imageNotAvailable", .string(PetDetailsCard.imageNotAvailable)),
            ("status", .object([("text", .string(card.status.text)), ("color", .string(card.status.color.rawValue))])),
            ("reward", .string(card.rewardText)),
            ("fields", .array(card.fields.map(field))),
            (
                "map",
                .object([
                    ("title", .string(PetDetailsPresenter.showMapTitle)), ("url", .string(card.mapURL)),
                    ("empty", .string(PetDetailsCard.noLocationData)),
                ])
            ),
        ])
    }

    /// One label-value pair; the phone and the email with their `tel:` / `mailto:` link.
    static func field(_ field: PetDetailsCard.LabelValue) -> JSONValue {
        .object([
            ("label", .string(field.label)), ("value", .string(field.value)),
            ("id", .string(field.accessibilityIdentifier)), ("href", .string(href(field))),
            ("truncated", .bool(field.isTruncated)), ("multiline", .bool(field.isMultiline)),
            ("half", .bool(halfWidthLabels.contains(field.label))),
        ])
    }

    /// The pairs shown side by side: species and breed (FR-008), sex and age (FR-009).
    static let halfWidthLabels: Set<String> = ["Animal Species", "Animal Race", "Animal Sex", "Animal Approx. Age"]

    /// What a `mailto:` address keeps as it is: ASCII letters, digits and `@.-_+`.
    static let mailtoAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789@.-_+")

    /// `tel:+48123456789` (digits and `+` only) or `mailto:owner@example.com` (percent-encoded
    /// where a URL needs it), for the two contact fields; `nil` for the others.
    static func href(_ field: PetDetailsCard.LabelValue) -> String? {
        switch field.accessibilityIdentifier {
        case PetDetailsPresenter.ID.phone?:
            let phone = ContactRules.sanitizedPhone(field.value)
            return phone.isEmpty ? nil : "tel:" + phone
        case PetDetailsPresenter.ID.email?:
            return field.value.addingPercentEncoding(withAllowedCharacters: mailtoAllowed).map { "mailto:" + $0 }
        default:
            return nil
        }
    }
}
