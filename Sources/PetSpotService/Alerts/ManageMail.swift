import Foundation
import Logging
import ReportStore
import Reports

/// "Manage your report" (issue 47 item 5): a report made with an email gets, once, a mail with
/// its owner link (`/pets/{id}#ownerToken=…`), so its reporter can change it from any device,
/// not only the browser that made it. Queued in the outbox right after the report is stored
/// (id `manage.{tag}`: one however often it is queued); a failure to queue is logged, never the
/// Submit's failure (the report is stored, and the page has the token too).
///
/// Anyone can type any address into a report, so an address gets at most ``perAddress`` such
/// mails an hour from this server (``recipients``): reports made faster than that to one
/// address are stored, and their links stay with the browsers that made them.
struct ManageMail: Sendable {
    let store: any ReportStore
    let settings: MailSettings
    let courier: MailCourier?
    let now: @Sendable () -> Date
    let logger: Logger
    /// The mails an address may get an hour.
    static let perAddress = 3
    /// The budget of each address (lower case).
    let recipients: RateLimiter

    /// Queues "Lost your link?"'s mail for `report`: a link with `code` to take the report over
    /// (``LostLinkController``), as outbox mail `id`.
    func queueLostLink(for report: PetReport, code: String, id: String) async {
        guard let recipient = report.email, !recipient.isEmpty, recipients.take(recipient.lowercased()) == nil else {
            return
        }
        let link = settings.publicURL.link("/pets/\(report.id)/manage?code=\(code)")
        let about = "your \(report.kind == .found ? "found" : "missing") \(AlertMails.speciesWord(report)) report"
        let text = """
            Someone (we hope you) asked PetSpot for the link to manage \(about).

            Open this link within 24 hours and press its button to manage the report from that
            browser (the link given before stops working then):
            \(link)

            If it was not you, do nothing: your report stays as it is.
            """
        let html = """
            <!doctype html><html lang="en"><body>
            <p>Someone (we hope you) asked PetSpot for the link to manage \(about).</p>
            <p><a href="\(HTMLText.escaped(link))">Manage your report</a> (within 24 hours; the link given before stops working then).</p>
            <p style="color:#555">If it was not you, do nothing: your report stays as it is.</p>
            </body></html>
            """
        await queue(
            OutboxMail(
                id: id, recipient: recipient, subject: "The link to manage \(about) on PetSpot", text: text, html: html,
                queuedAt: now()), report: report)
    }

    /// Queues the mail for `report`, just stored with `token`, when it has an email.
    func queue(for report: PetReport, token: OwnerToken) async {
        guard let recipient = report.email, !recipient.isEmpty else { return }
        guard recipients.take(recipient.lowercased()) == nil else {
            logger.notice(
                "mail: too many manage links to one address this hour; not sent", metadata: ["report": "\(report.id)"])
            return
        }
        let link = settings.publicURL.link("/pets/\(report.id)#ownerToken=\(token.text)")
        let card = settings.publicURL.link("/pets/\(report.id)")
        let about = "your \(report.kind == .found ? "found" : "missing") \(AlertMails.speciesWord(report)) report"
        let text = """
            Thank you for \(about) on PetSpot:
            \(card)

            To mark it found, close it, renew it or remove it from any device, open this link. Keep
            it to yourself: whoever has it can change your report.
            \(link)
            """
        let html = """
            <!doctype html><html lang="en"><body>
            <p>Thank you for <a href="\(HTMLText.escaped(card))">\(about)</a> on PetSpot.</p>
            <p><a href="\(HTMLText.escaped(link))">Manage your report</a> (mark it found, close, renew or remove it) from any device.</p>
            <p style="color:#555">Keep this link to yourself: whoever has it can change your report.</p>
            </body></html>
            """
        await queue(
            OutboxMail(
                id: "manage.\(MatchAlertLink.tag(report.id))", recipient: recipient,
                subject: "Manage \(about) on PetSpot", text: text, html: html, queuedAt: now()), report: report)
    }

    private func queue(_ mail: OutboxMail, report: PetReport) async {
        do {
            try await store.queueMails([mail], mailCursor: nil)
            courier?.wake()
        } catch {
            logger.warning(
                "mail: the manage link could not be queued", metadata: ["report": "\(report.id)", "error": "\(error)"])
        }
    }
}
