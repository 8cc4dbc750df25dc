import Foundation
import Mail
import ReportStore

extension AlertMails {
    /// The mail carrying `message` to the reporter of `report` (at its own address, which the
    /// sender never learns): `Reply-To` the sender's email when they gave one. Its id is
    /// `message.{random}`. What the sender wrote is in the body only (escaped in the HTML part),
    /// never in a header but the checked `Reply-To`.
    static func message(
        _ message: ReporterMessage, about report: PetReport, to recipient: String, in settings: MailSettings,
        at time: Date
    ) -> OutboxMail {
        let card = settings.publicURL.link("/pets/\(report.id)")
        let about = "your \(report.kind == .found ? "found" : "missing") \(speciesWord(report)) report"
        let text = """
            \(message.name) sent a message about \(about) on PetSpot,
            \(card)

            \(message.text)

            Their contact: \(message.contact)
            \(message.replyTo == nil ? "Answer them at that contact." : "Reply to this mail to answer them.")
            PetSpot did not show them your address; if you reply, they will see it.
            """
        let paragraphs = message.text.components(separatedBy: "\n").map(HTMLText.escaped).joined(separator: "<br>")
        let html = """
            <!doctype html><html lang="en"><body>
            <p>\(HTMLText.escaped(message.name)) sent a message about <a href="\(HTMLText.escaped(card))">\(about)</a> on PetSpot:</p>
            <blockquote>\(paragraphs)</blockquote>
            <p>Their contact: \(HTMLText.escaped(message.contact))</p>
            <p style="color:#555">\(message.replyTo == nil ? "Answer them at that contact." : "Reply to this mail to answer them.")
            PetSpot did not show them your address; if you reply, they will see it.</p>
            </body></html>
            """
        return OutboxMail(
            id: "message.\(UUID().uuidString.lowercased())", recipient: recipient,
            subject: "A message about \(about) on PetSpot", text: text, html: html,
            headers: message.replyTo.map { [MailHeader(name: "Reply-To", value: $0.text)] } ?? [], queuedAt: time)
    }
}
