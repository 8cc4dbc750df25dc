import Hashing
import ReportStore

/// The one-click opt-out of a report's match mails: `/reports/{id}/match-alerts/stop?token=T`,
/// where T is derived from the report's id and its owner token's digest (kept by the store,
/// never shown): only the reporter, who got it by mail, has it, and the server checks it
/// without keeping anything more. A report without an owner token gets no match mails (nobody
/// could stop them).
enum MatchAlertLink {
    /// The path under the public URL, with the page's one button (a form POST).
    static func path(_ report: PetReport) -> String? {
        token(report).map { "/reports/\(report.id)/match-alerts/stop?token=\($0)" }
    }

    /// `report`'s token: 32 hexadecimal digits; `nil` without an owner token.
    static func token(_ report: PetReport) -> String? {
        guard let owner = report.ownerTokenHash else { return nil }
        let digest = SHA256.hash(data: Array("petspot-match-alerts\u{0}\(report.id)\u{0}\(owner)".utf8))
        return String(digest.hex.prefix(32))
    }

    /// Whether `token` is `report`'s (compared in full, whatever its length).
    static func accepts(_ token: String, for report: PetReport) -> Bool {
        guard let expected = self.token(report) else { return false }
        return Array(expected.utf8) == Array(token.utf8)
    }

    /// A short, header-safe stand-in for a report id in a mail's id: 16 hexadecimal digits.
    static func tag(_ id: String) -> String {
        String(SHA256.hash(data: Array(id.utf8)).hex.prefix(16))
    }
}
