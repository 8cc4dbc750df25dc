import Foundation
import Geodata
import Geodesy
import Mail
import ReportStore

extension AlertMails {
    /// The mail telling the reporter of `report` (at its own address) that `sighting` was
    /// added: when it was seen (UTC), how far from where the pet was last seen, and the card's
    /// link. The sighter's contact is never in it; their email, when they gave one, is the
    /// `Reply-To`. Its id is `sighting.{sighting id}`: one mail per sighting.
    static func sighting(
        _ sighting: Sighting, of report: PetReport, to recipient: String, in settings: MailSettings, at time: Date
    ) -> OutboxMail {
        let card = settings.publicURL.link("/pets/\(report.id)")
        let species = speciesWord(report)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "dd MMM yyyy, HH:mm 'UTC'"
        let seen = formatter.string(from: sighting.seenAt)
        let distance = report.coordinate.map { place in
            let meters = Geodesic.wgs84.inverse(from: place, to: sighting.coordinate).meters
            return "\(DistanceDisplay.text(meters: meters)) from where it was last seen"
        }
        let whereText = distance ?? "(your report has no place to measure from)"
        let replyTo = sighting.email.flatMap { try? MailAddress($0) }
        let answer = replyTo == nil ? "" : "\nReply to this mail to write to the person who saw it."
        let text = """
            Someone saw your missing \(species) on PetSpot: on \(seen), \(whereText).

            See the sighting on your report's card: \(card)\(answer)
            """
        let html = """
            <!doctype html><html lang="en"><body>
            <p>Someone saw your missing \(species) on PetSpot: on \(HTMLText.escaped(seen)), \(HTMLText.escaped(whereText)).</p>
            <p><a href="\(HTMLText.escaped(card))">See the sighting on your report's card</a></p>
            \(replyTo == nil ? "" : "<p style=\"color:#555\">Reply to this mail to write to the person who saw it.</p>")
            </body></html>
            """
        return OutboxMail(
            id: "sighting.\(sighting.id)", recipient: recipient, subject: "Someone saw your missing \(species)",
            text: text, html: html,
            headers: replyTo.map { [MailHeader(name: "Reply-To", value: $0.text)] } ?? [], queuedAt: time)
    }
}
