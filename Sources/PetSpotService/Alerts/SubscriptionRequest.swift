import Foundation
import Geodata
import HTTPTypes
import Mail
import PetSpotJSON
import ReportSteps
import ReportStore

/// The body of `POST /v1/subscriptions`:
/// `{"email": "ann@example.org", "near": "52.2297,21.0122", "km": 5, "kinds": ["found"], "species": ["dog"]}`
/// (`kinds` and `species` optional: all). Every member is checked; an unknown one is an error.
struct SubscriptionRequest {
    let email: String
    let center: Coordinate
    let radiusMeters: Double
    let kinds: Set<ReportKind>
    let species: Set<String>

    init(parsing data: Data) throws(Problem) {
        guard case .object(let members) = try JSONInput.parse(data) else {
            throw Problem(.badRequest, detail: "The body must be a JSON object with email, near and km.")
        }
        if let unknown = members.keys.sorted().first(where: {
            !["email", "near", "km", "kinds", "species"].contains($0)
        }) {
            throw Self.bad(
                unknown, "'\(unknown.prefix(40))' is not a member; write email, near, km, kinds and species.")
        }
        guard case .string(let email)? = members["email"] else {
            throw Self.bad("email", "'email' must be the address to mail, like ann@example.org.")
        }
        do {
            self.email = try MailAddress(email.lowercased()).text
        } catch {
            throw Self.bad("email", "'email': \(error.description).")
        }
        guard case .string(let near)? = members["near"], let center = try? Coordinate(parsing: near) else {
            throw Self.bad("near", "'near' must be the area's centre as a pair, like \"52.2297,21.0122\".")
        }
        self.center = center
        let range = Subscription.radiusRange
        guard case .number(let km)? = members["km"], (range.lowerBound...range.upperBound).contains(km * 1000) else {
            throw Self.bad(
                "km",
                "'km' must be the area's radius in kilometres, from \(range.lowerBound / 1000) to \(range.upperBound / 1000)."
            )
        }
        radiusMeters = km * 1000
        kinds = Set(
            try Self.names("kinds", members["kinds"], allowed: ReportKind.allCases.map(\.rawValue)).compactMap(
                ReportKind.init(rawValue:)))
        species = Set(try Self.names("species", members["species"], allowed: SpeciesTaxonomy.options.map(\.id)))
    }

    /// A member that is an array of names from `allowed` (absent: none).
    private static func names(_ member: String, _ value: JSONInput?, allowed: [String]) throws(Problem) -> [String] {
        guard let value else { return [] }
        let rule = "'\(member)' must be an array of \(allowed.map { "\"\($0)\"" }.joined(separator: ", "))"
        guard case .array(let items) = value, items.count <= allowed.count else { throw bad(member, rule + ".") }
        var names: [String] = []
        for item in items {
            guard case .string(let name) = item, allowed.contains(name) else { throw bad(member, rule + ".") }
            names.append(name)
        }
        return names
    }

    private static func bad(_ member: String, _ detail: String) -> Problem {
        Problem(.badRequest, detail: detail, extensions: [("member", .string(member))])
    }
}
