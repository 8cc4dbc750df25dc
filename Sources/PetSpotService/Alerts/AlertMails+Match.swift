import Foundation
import Geodesy
import ReportStore
import Reports

extension AlertMails {
    /// The mail telling the reporter of `match.report` that `report` (just stored) may be their
    /// pet: a missing report's owner hears of a found one, a finder of a missing one. Distances
    /// as a stranger is given them (the match computed with the public grid). Its id is
    /// `match.{event}.{tag of the told report}`; it carries the told report's one-click opt-out
    /// (`List-Unsubscribe`), so it is `nil` for a report without one.
    static func match(
        _ match: ReportMatching.Match, of report: PetReport, event: ReportEvent, in settings: MailSettings
    ) -> OutboxMail? {
        let told = match.report
        guard let recipient = told.email, !recipient.isEmpty, let stopPath = MatchAlertLink.path(told) else {
            return nil
        }
        let species = speciesWord(report)
        let distance = DistanceDisplay.text(meters: PublicLocation.publicMeters(match.meters))
        let subject =
            report.kind == .found
            ? "A found \(species) matching your missing \(speciesWord(told)) was reported \(distance) away"
            : "A missing \(species) matching the \(speciesWord(told)) you found was reported \(distance) away"
        let theirs = settings.publicURL.link("/pets/\(report.id)")
        let yours = settings.publicURL.link("/pets/\(told.id)")
        let stop = settings.publicURL.link(stopPath)
        let chip = match.sameMicrochip ? "\nIt has the same microchip number as yours." : ""
        let text = """
            \(subject), about \(distance) from your report's place.\(chip)

            \(ReportMatching.title(report))
            See it: \(theirs)
            Your report: \(yours)

            You get this mail because your report gave this address.
            Stop these mails for your report: \(stop)
            """
        let html = """
            <!doctype html><html lang="en"><body>
            <p>\(HTMLText.escaped(subject)), about \(distance) from your report's place.\(match.sameMicrochip ? " It has the same microchip number as yours." : "")</p>
            <p><strong>\(HTMLText.escaped(ReportMatching.title(report)))</strong></p>
            <p><a href="\(HTMLText.escaped(theirs))">See it</a> · <a href="\(HTMLText.escaped(yours))">Your report</a></p>
            <p style="color:#555">You get this mail because your report gave this address.
            <a href="\(HTMLText.escaped(stop))">Stop these mails for your report</a>.</p>
            </body></html>
            """
        return OutboxMail(
            id: "match.\(event.sequence).\(MatchAlertLink.tag(told.id))", recipient: recipient, subject: subject,
            text: text, html: html, headers: listUnsubscribe(stop), queuedAt: event.time)
    }
}
