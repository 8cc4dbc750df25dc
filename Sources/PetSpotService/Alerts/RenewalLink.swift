import Hashing
import ReportStore

/// The one-click renew of a "still looking?" mail (``RenewalReminder``):
/// `/reports/{id}/renew?token=T`, where T is derived from the report's id, its owner token's
/// digest and its ``PetReport/renewedAt``: only the reporter, who got it by mail, has it, and it
/// stops working once the report was renewed (its `renewedAt` changed). A report without an
/// owner token or a `renewedAt` has no such link.
enum RenewalLink {
    /// The path under the public URL, with the page's one button (a form POST).
    static func path(_ report: PetReport) -> String? {
        token(report).map { "/reports/\(report.id)/renew?token=\($0)" }
    }

    /// `report`'s token: 32 hexadecimal digits; `nil` without an owner token or `renewedAt`.
    static func token(_ report: PetReport) -> String? {
        guard let owner = report.ownerTokenHash, let renewed = report.renewedAt else { return nil }
        let digest = SHA256.hash(data: Array("petspot-renew\u{0}\(report.id)\u{0}\(owner)\u{0}\(renewed)".utf8))
        return String(digest.hex.prefix(32))
    }

    /// Whether `token` is `report`'s as it is now (compared in full, whatever its length).
    static func accepts(_ token: String, for report: PetReport) -> Bool {
        guard let expected = self.token(report) else { return false }
        return Array(expected.utf8) == Array(token.utf8)
    }
}
