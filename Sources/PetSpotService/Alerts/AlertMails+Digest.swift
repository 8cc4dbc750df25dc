import Foundation
import ReportStore
import Reports

/// The hourly digest (issue 45: more than ``AlertDigests/singlesPerHour`` area alerts in a clock
/// hour to one address become one mail an hour). A held alert keeps its digest entry, not a whole
/// mail; the digest puts the entries of one address and hour together.
extension AlertMails {
    /// What `alert` to `subscription` is in a digest: the same id as the mail alone
    /// (``alertID(event:subscription:)``), the subject, the card's title and link as text and as
    /// an HTML fragment (every text escaped), and the subscription's `List-Unsubscribe`.
    static func digestEntry(_ alert: AreaAlert, event: ReportEvent, to subscription: Subscription) -> OutboxMail {
        let text = """
            \(alert.subject)
            \(alert.title)
            See the report: \(alert.card)
            """
        let html = """
            <strong>\(HTMLText.escaped(alert.subject))</strong><br>\(HTMLText.escaped(alert.title))<br>\
            <a href="\(HTMLText.escaped(alert.card))">See the report</a>
            """
        return OutboxMail(
            id: alertID(event: event, subscription: subscription), recipient: subscription.email,
            subject: alert.subject, text: text, html: html, headers: listUnsubscribe(alert.stop),
            queuedAt: event.time, state: .held)
    }

    /// The one mail carrying `held` (one address's held alerts of the clock hour `hour`, in the
    /// order they were queued), queued at `time`; `nil` for none. Its id is
    /// `digest.{hour's start, Unix seconds}.{16 hex digits of the sorted ids' SHA-256}`, so two
    /// servers releasing the same alerts queue one mail. Each entry carries its subscription's
    /// stop link when they come from several; `List-Unsubscribe` is the first's.
    static func digest(of held: [OutboxMail], hour: Range<Date>, at time: Date) -> OutboxMail? {
        let entries = held.sorted { ($0.queuedAt, $0.id) < ($1.queuedAt, $1.id) }
        guard let first = entries.first else { return nil }
        let stops = entries.map(stopLink)
        let several = Set(stops).count > 1
        let pets = entries.count == 1 ? "1 pet" : "\(entries.count) pets"
        let when = "between \(clockText(hour.lowerBound)) and \(clockText(hour.upperBound)) UTC"
        let intro =
            "\(pets) reported near your areas \(when), beyond the \(AlertDigests.singlesPerHour) alerts an "
            + "hour mailed one by one:"
        let why =
            "You get this mail because you asked for alerts near these places; more than "
            + "\(AlertDigests.singlesPerHour) in an hour come as one mail like this once the hour ends."
        var text = intro + "\n"
        var items = ""
        for (entry, stop) in zip(entries, stops) {
            text +=
                "\n" + entry.text + "\n" + (several && !stop.isEmpty ? "Stop the alerts of this area: \(stop)\n" : "")
            let stopLink =
                several && !stop.isEmpty
                ? "<br><a href=\"\(HTMLText.escaped(stop))\">Stop the alerts of this area</a>" : ""
            items += "<li>\(entry.html ?? HTMLText.escaped(entry.subject))\(stopLink)</li>\n"
        }
        text += "\n" + why + (several || stops[0].isEmpty ? "" : "\nStop these alerts: \(stops[0])")
        let footerStop =
            several || stops[0].isEmpty ? "" : "\n<a href=\"\(HTMLText.escaped(stops[0]))\">Stop these alerts</a>."
        let html = """
            <!doctype html><html lang="en"><body>
            <p>\(HTMLText.escaped(intro))</p>
            <ul>
            \(items)</ul>
            <p style="color:#555">\(HTMLText.escaped(why))\(footerStop)</p>
            </body></html>
            """
        let tag = MatchAlertLink.tag(entries.map(\.id).sorted().joined(separator: "\n"))
        return OutboxMail(
            id: "digest.\(wholeSeconds(hour.lowerBound)).\(tag)", recipient: first.recipient,
            subject: "\(pets) reported near your areas \(when)", text: text, html: html,
            headers: stops.first(where: { !$0.isEmpty }).map(listUnsubscribe) ?? [], queuedAt: time)
    }

    /// The link of `mail`'s `List-Unsubscribe` header (`<link>`), or "".
    private static func stopLink(_ mail: OutboxMail) -> String {
        guard let value = mail.headers.first(where: { $0.name == "List-Unsubscribe" })?.value,
            value.hasPrefix("<"), value.hasSuffix(">")
        else { return "" }
        return String(value.dropFirst().dropLast())
    }

    /// `time` in whole seconds since 1970 (0 for a time no `Int` holds).
    private static func wholeSeconds(_ time: Date) -> Int {
        Int(exactly: time.timeIntervalSince1970.rounded(.down)) ?? 0
    }

    /// "08:00" for a time on the hour, in UTC.
    private static func clockText(_ time: Date) -> String {
        let seconds = wholeSeconds(time)
        let minutes = ((seconds % 86_400) + 86_400) % 86_400 / 60
        return String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }
}
