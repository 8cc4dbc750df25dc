import Foundation
import Logging
import ReportStore

/// "Still looking?" (issue 47 item 6): with mail configured, an open report's reporter gets a
/// mail ``lead`` (7 days) before the report would close by age (``ReportLifetimes``), with a
/// one-click renew (``RenewalLink``). ``ReportExpiry`` calls ``remind(now:)`` at each sweep,
/// after its closes: for each kind, the open reports renewed before now − (lifetime − 7 days)
/// that have an email and an owner token and are not yet due to close each get a mail with id
/// `renew.{tag of the id}.{tag of its renewedAt}`: one per renewal period, however many sweeps
/// queue it. A failure to queue is logged; the next sweep tries again.
struct RenewalReminder: Sendable {
    let store: any ReportStore
    let settings: MailSettings
    let courier: MailCourier?
    let logger: Logger

    /// How long before its close a report's reporter is reminded: 7 days.
    static let lead: TimeInterval = 7 * 86_400
    /// Reports read a query at a time.
    static let batchSize = 100
    /// The most reports of a kind read in one sweep (the store pages from the oldest; the rest
    /// wait for the next sweep).
    static let mostPerSweep = 2_000

    /// Queues the reminders due at `now` under `lifetimes`; returns the ids of the reports whose
    /// mails it queued (already queued ones too: the outbox keeps one of each).
    @discardableResult
    func remind(now: Date, lifetimes: ReportLifetimes) async -> [String] {
        var reminded: [String] = []
        // A lifetime of 7 days or less has no "7 days before" worth a mail.
        for kind in ReportKind.allCases where Double(lifetimes.days(of: kind)) * 86_400 > Self.lead {
            let closing = lifetimes.cutoff(for: kind, now: now)
            let cutoff = closing.addingTimeInterval(Self.lead)
            do throws(ReportStoreError) {
                // The store has no "after" bound: a larger page each time, the new part read.
                var limit = Self.batchSize
                var seen = 0
                while true {
                    let page = try await store.openReports(of: kind, renewedBefore: cutoff, limit: limit)
                    let due = page.dropFirst(seen).compactMap { report -> (id: String, mail: OutboxMail)? in
                        // One due to close is the expiry's (a close that failed), not a reminder's.
                        guard let renewed = report.renewedAt.flatMap(ReportTimestamp.date), renewed >= closing,
                            let mail = mail(for: report, days: lifetimes.days(of: kind), now: now)
                        else { return nil }
                        return (report.id, mail)
                    }
                    seen = page.count
                    if !due.isEmpty {
                        try await store.queueMails(due.map(\.mail), mailCursor: nil)
                        reminded += due.map(\.id)
                    }
                    guard page.count == limit, limit < Self.mostPerSweep else { break }
                    limit += Self.batchSize
                }
            } catch {
                logger.warning(
                    "mail: the renewal reminders could not be queued; the next sweep tries again",
                    metadata: ["kind": "\(kind)", "error": "\(error)"])
            }
        }
        if !reminded.isEmpty { courier?.wake() }
        return reminded
    }

    /// The reminder for `report` (of a kind that lasts `days`), or `nil` without an email, an
    /// owner token or a `renewedAt`.
    func mail(for report: PetReport, days: Int, now: Date) -> OutboxMail? {
        guard let recipient = report.email, !recipient.isEmpty, let renewPath = RenewalLink.path(report),
            let renewedAt = report.renewedAt
        else { return nil }
        let species = AlertMails.speciesWord(report)
        let subject =
            report.kind == .found
            ? "Still caring for the \(species) you found? Your report closes in 7 days"
            : "Still looking for your \(species)? Your report closes in 7 days"
        let card = settings.publicURL.link("/pets/\(report.id)")
        let renew = settings.publicURL.link(renewPath)
        let text = """
            \(subject).

            Your report on PetSpot closes by itself \(days) days after it was made or last renewed:
            \(card)

            To keep it open another \(days) days, open this link and press the button on the page:
            \(renew)

            If you do nothing, it closes in 7 days.
            """
        let html = """
            <!doctype html><html lang="en"><body>
            <p>\(HTMLText.escaped(subject)).</p>
            <p><a href="\(HTMLText.escaped(card))">Your report</a> closes by itself \(days) days after it was made or last renewed.</p>
            <p><a href="\(HTMLText.escaped(renew))">Keep your report open</a> another \(days) days (then press the button on the page).</p>
            <p style="color:#555">If you do nothing, it closes in 7 days.</p>
            </body></html>
            """
        return OutboxMail(
            id: "renew.\(MatchAlertLink.tag(report.id)).\(MatchAlertLink.tag(renewedAt))", recipient: recipient,
            subject: subject, text: text, html: html, queuedAt: now)
    }
}
