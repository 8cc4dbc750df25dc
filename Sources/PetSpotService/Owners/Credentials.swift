import Foundation
import HTTPTypes
import Hummingbird
import PetSpotJSON

/// Who a request says it is: the bearer token of its `Authorization` header, and whether that
/// is the operator's.
enum Credentials {
    /// The token of `Authorization: Bearer TOKEN`; `nil` without the header.
    ///
    /// - Throws: 401 problem details for another scheme or an empty token.
    static func bearer(_ request: Request) throws(Problem) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw unauthorized("Authorization must be 'Bearer TOKEN'.", reason: "badCredentials")
        }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }

    /// A 401 with `detail` and `reason`, and the `WWW-Authenticate: Bearer` challenge every
    /// refusal for want of a token carries.
    static func unauthorized(_ detail: String, reason: String) -> Problem {
        Problem(
            .unauthorized, detail: detail, extensions: [("reason", .string(reason))],
            headers: [.wwwAuthenticate: #"Bearer realm="petspot""#])
    }

    /// Refuses `request` unless its bearer token is one `accepts` takes (the maker's own, or the
    /// operator's): 401 with `missing` without a token (`reason: ownerTokenRequired`), 403 with
    /// `refused` and `reason` for a token `accepts` refuses.
    static func requireOwner(
        _ request: Request, accepts: (String) -> Bool, missing: @autoclosure () -> String,
        refused: @autoclosure () -> String, reason: String
    ) throws(Problem) {
        guard let presented = try bearer(request) else {
            throw unauthorized(missing(), reason: "ownerTokenRequired")
        }
        if accepts(presented) { return }
        throw Problem(.forbidden, detail: refused(), extensions: [("reason", .string(reason))])
    }

    /// Refuses `request` unless it carries the operator's token: 401 without credentials, 403
    /// with a token that is not the operator's (or on a server that has no operator token).
    static func requireOperator(_ request: Request, _ token: OperatorToken?, for what: String) throws(Problem) {
        guard let presented = try bearer(request) else {
            throw unauthorized(
                "\(what) needs the operator's token: send Authorization: Bearer TOKEN.", reason: "operatorTokenRequired"
            )
        }
        guard let token else {
            throw Problem(
                .forbidden,
                detail:
                    "\(what) needs the operator's token, and this server has none (start it with --operator-token-file FILE).",
                extensions: [("reason", "noOperatorToken")])
        }
        guard token.matches(presented) else {
            throw Problem(
                .forbidden, detail: "\(what) needs the operator's token; the token sent is not it.",
                extensions: [("reason", "notOperator")])
        }
    }
}
