import Foundation
import Geodata
import PetSpotJSON
import ReportStore
import Reports

/// A sighting as the API gives it: `id`, `reportId`, `seenAt` and `createdAt` (RFC 3339, UTC,
/// milliseconds), `locationLatitude`, `locationLongitude` (exact: where the pet was seen, not
/// anyone's home), `note` (`""` when none), and `phone` and `email` only when the asker may see
/// them (the report's owner, the operator, the sighting's maker: issue 47); `photoUrl` when it
/// has a photo; `ownerToken` once, in the answer that made it.
enum SightingJSON {
    /// `sighting`, with its contacts when `contacts` and its photo's `photoUrl` when it has one.
    static func sighting(_ sighting: Sighting, contacts: Bool, photoURL: String? = nil) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .string(sighting.id)), ("reportId", .string(sighting.reportID)),
            ("seenAt", .string(ReportTimestamp.text(sighting.seenAt))),
            ("locationLatitude", .number(sighting.coordinate.latitude.degrees)),
            ("locationLongitude", .number(sighting.coordinate.longitude.degrees)),
            ("note", .string(sighting.note)), ("createdAt", .string(ReportTimestamp.text(sighting.createdAt))),
        ]
        if contacts {
            if let phone = sighting.phone { members.append(("phone", .string(phone))) }
            if let email = sighting.email { members.append(("email", .string(email))) }
        }
        if let photoURL { members.append(("photoUrl", .string(photoURL))) }
        return .object(members)
    }

    /// The answer of `POST`: the sighting whole, and its maker's `ownerToken`.
    static func created(_ sighting: Sighting, ownerToken: OwnerToken) -> JSONValue {
        guard case .object(var members) = Self.sighting(sighting, contacts: true) else { return .null }
        members.append(("ownerToken", .string(ownerToken.text)))
        return .object(members)
    }

    /// `{"reportId": …, "sightings": […]}`, each with its contacts when `contacts(sighting)` and
    /// the `photoUrl` that `photoURL(sighting)` gives.
    static func list(
        reportID: String, _ sightings: [Sighting], contacts: (Sighting) -> Bool, photoURL: (Sighting) -> String?
    ) -> JSONValue {
        .object([
            ("reportId", .string(reportID)),
            ("sightings", .array(sightings.map { sighting($0, contacts: contacts($0), photoURL: photoURL($0)) })),
        ])
    }
}
