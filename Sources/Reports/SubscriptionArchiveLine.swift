import Foundation
import Geodata
import Mail
import PetSpotJSON
public import ReportStore

/// A subscription as a line of a ``ReportArchive`` (`reports export --include-subscriptions`):
/// one object with the single member `subscription`, so a line is a subscription or a report
/// by its members, never by guessing:
///
/// ```json
/// {"subscription":{"id":"sub-…","email":"ann@example.org","centerLatitude":52.2297,
///  "centerLongitude":21.0122,"radiusMeters":5000,"kinds":["found"],"species":["dog"],
///  "token":"…","createdAt":"2026-12-06T16:10:00.000Z","confirmedAt":null}}
/// ```
///
/// Every field the stores keep is there, as they keep it — the token too (the secret of the
/// confirm and unsubscribe links mailed already), so the links keep working after an import.
/// Reading checks each field with the rules a new subscription meets: the identifier's and
/// token's form, a mailable address, a place, a radius in ``Subscription/radiusRange``, known
/// kinds, species the store can keep, and times in ``ReportTimestamp``'s form.
public enum SubscriptionArchiveLine {
    /// The member that makes a line a subscription's.
    public static let member = "subscription"

    /// The members of a subscription, by their names in the line.
    enum Key: String, CodingKey, CaseIterable {
        case id, email, centerLatitude, centerLongitude, radiusMeters, kinds, species, token, createdAt, confirmedAt
    }

    /// One subscription's line (no newline).
    public static func line(_ subscription: Subscription) -> String {
        let fields: [(Key, JSONValue)] = [
            (.id, .string(subscription.id)),
            (.email, .string(subscription.email)),
            (.centerLatitude, .number(subscription.center.latitude.degrees)),
            (.centerLongitude, .number(subscription.center.longitude.degrees)),
            (.radiusMeters, .number(subscription.radiusMeters)),
            (.kinds, .array(subscription.kinds.map(\.rawValue).sorted().map { .string($0) })),
            (.species, .array(subscription.species.sorted().map { .string($0) })),
            (.token, .string(subscription.token)),
            (.createdAt, .string(ReportTimestamp.text(subscription.createdAt))),
            (.confirmedAt, .string(subscription.confirmedAt.map(ReportTimestamp.text))),
        ]
        return ArchiveMemberLine.text(member: member, fields)
    }

    /// The subscription `line` holds, each field checked.
    ///
    /// - Throws: ``ReportArchiveProblem`` naming the field that is wrong (or `DecodingError`
    ///   for a missing field or one of the wrong JSON type).
    static func subscription(_ line: ArchiveMemberLine<Key>) throws -> Subscription {
        let id = try line.fields.decode(String.self, forKey: .id)
        guard id.hasPrefix("sub-"), Subscription.isToken(String(id.dropFirst(4))) else {
            throw line.problem(.id, "\(quoted(id)) is not a subscription's id (sub- and 32 hexadecimal digits)")
        }
        let email: String
        do {
            email = try MailAddress(try line.fields.decode(String.self, forKey: .email)).text
        } catch let error as MailError {
            throw line.problem(.email, error.description)
        }
        let center = try line.coordinate(latitude: .centerLatitude, longitude: .centerLongitude)
        let radius = try line.fields.decode(Double.self, forKey: .radiusMeters)
        guard Subscription.radiusRange.contains(radius) else {
            throw line.problem(
                .radiusMeters,
                "\(radius) m is outside \(Subscription.radiusRange.lowerBound)…\(Subscription.radiusRange.upperBound) m"
            )
        }
        var kinds: Set<ReportKind> = []
        for name in try line.fields.decode([String].self, forKey: .kinds) {
            guard let kind = ReportKind(rawValue: name) else {
                throw line.problem(.kinds, "\(quoted(name)) is not a kind (missing, found)")
            }
            kinds.insert(kind)
        }
        let species = try line.fields.decode([String].self, forKey: .species)
        for name in species where name.isEmpty || name.contains(",") || name.count > Subscription.speciesLimit {
            throw line.problem(
                .species,
                "\(quoted(name)) is empty, holds a comma or is longer than \(Subscription.speciesLimit) characters")
        }
        let token = try line.fields.decode(String.self, forKey: .token)
        guard Subscription.isToken(token) else { throw line.problem(.token, "not 32 lower-case hexadecimal digits") }
        let created = try line.time(.createdAt)
        let confirmed = try line.timeIfPresent(.confirmedAt)
        return Subscription(
            id: id, email: email, center: center, radiusMeters: radius, kinds: kinds, species: Set(species),
            token: token, createdAt: created, confirmedAt: confirmed)
    }

    /// `text` in quotes, cut at 80 characters (a hostile line's value is not echoed whole).
    private static func quoted(_ text: String) -> String { ArchiveMemberLine<Key>.quoted(text) }
}
