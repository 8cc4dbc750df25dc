import Foundation
import Geodata
import Geodesy
import ReportSteps
import ReportStore
import Reports

/// The mails alerts send, as the outbox keeps them: an area alert (``alert(_:event:to:)``)
/// and the confirmation a new subscription asks for (``confirmation(of:in:)``). Nothing a
/// reporter wrote lands in a header (the subject names the kind and a species from the
/// taxonomy, never the report's text), and the HTML part escapes every text it shows.
enum AlertMails {
    /// The mail telling `subscription`'s address of `alert`'s report (as a stranger sees it: a
    /// missing report's place is its cell's centre), stored — or, for a sighting, seen — by
    /// `event`. Its id, and so its `Message-ID`, is `alert.{event}.{subscription}`.
    static func alert(_ alert: AreaAlert, event: ReportEvent, to subscription: Subscription) -> OutboxMail {
        let kind = alert.kind.lowercased()
        let text = """
            A \(kind) \(alert.species) was \(alert.verb) about \(alert.distance) from the centre of your area.

            \(alert.title)\(alert.place.map { ", \($0)" } ?? "")
            See the report: \(alert.card)\(alert.photo.map { "\nIts photo: \($0)" } ?? "")

            You get this mail because you asked for alerts \(alert.area).
            Stop these alerts: \(alert.stop)
            """
        let html = """
            <!doctype html><html lang="en"><body>
            <p>A \(kind) \(alert.species) was \(alert.verb) about \(alert.distance) from the centre of your area.</p>
            <p><strong>\(HTMLText.escaped(alert.title))</strong>\(alert.place.map { ", " + HTMLText.escaped($0) } ?? "")</p>
            <p><a href="\(HTMLText.escaped(alert.card))">See the report</a>\(alert.photo.map { " · <a href=\"\(HTMLText.escaped($0))\">its photo</a>" } ?? "")</p>
            <p style="color:#555">You get this mail because you asked for alerts \(HTMLText.escaped(alert.area)).
            <a href="\(HTMLText.escaped(alert.stop))">Stop these alerts</a>.</p>
            </body></html>
            """
        return OutboxMail(
            id: alertID(event: event, subscription: subscription), recipient: subscription.email,
            subject: alert.subject, text: text, html: html, headers: listUnsubscribe(alert.stop),
            queuedAt: event.time)
    }

    /// `alert.{event}.{subscription}`: the same for an area alert sent alone and held for a digest.
    static func alertID(event: ReportEvent, subscription: Subscription) -> String {
        "\(OutboxMail.areaAlertPrefix)\(event.sequence).\(subscription.id)"
    }

    /// The mail asking `subscription`'s address to confirm it (transactional: no unsubscribe
    /// headers). Its id is `confirm.{subscription}`.
    static func confirmation(of subscription: Subscription, in settings: MailSettings, at time: Date) -> OutboxMail {
        let confirm = settings.publicURL.link("/subscriptions/confirm?token=\(subscription.token)")
        let area = areaText(subscription)
        let hours = Int(Subscription.confirmationWindow / 3600)
        let text = """
            Someone (we hope you) asked PetSpot to mail this address when a pet is reported \(area).

            To start the alerts, open this link and press the button on the page:
            \(confirm)

            If it was not you, do nothing: without a confirmation within \(hours) hours nothing is sent.
            """
        let html = """
            <!doctype html><html lang="en"><body>
            <p>Someone (we hope you) asked PetSpot to mail this address when a pet is reported \(HTMLText.escaped(area)).</p>
            <p><a href="\(HTMLText.escaped(confirm))">Start the alerts</a> (then press the button on the page).</p>
            <p style="color:#555">If it was not you, do nothing: without a confirmation within \(hours) hours nothing is sent.</p>
            </body></html>
            """
        return OutboxMail(
            id: "confirm.\(subscription.id)", recipient: subscription.email,
            subject: "Confirm your PetSpot alerts", text: text, html: html, queuedAt: time)
    }

    /// The one-click unsubscribe link of `subscription` (RFC 8058).
    static func unsubscribeLink(_ subscription: Subscription, _ base: PublicURL) -> String {
        base.link("/subscriptions/unsubscribe?token=\(subscription.token)")
    }

    /// `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058) for `link`.
    static func listUnsubscribe(_ link: String) -> [MailHeader] {
        [
            MailHeader(name: "List-Unsubscribe", value: "<\(link)>"),
            MailHeader(name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click"),
        ]
    }

    /// "within 5 km of 52.22970, 21.01220" (of found and missing dogs).
    static func areaText(_ subscription: Subscription) -> String {
        let radius = DistanceDisplay.text(meters: subscription.radiusMeters)
        let latitude = FiveDecimalFormat.string(subscription.center.latitude.degrees) ?? "?"
        let longitude = FiveDecimalFormat.string(subscription.center.longitude.degrees) ?? "?"
        let center = "\(latitude), \(longitude)"
        return "within \(radius) of \(center)"
    }

    /// The report's species as a lower-case word from the taxonomy ("dog"); "pet" otherwise, so
    /// the subject never carries what a reporter typed.
    static func speciesWord(_ report: PetReport) -> String {
        report.species.flatMap(SpeciesTaxonomy.option(id:)).map { $0.displayName.lowercased() } ?? "pet"
    }
}
