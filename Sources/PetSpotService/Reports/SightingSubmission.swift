import Foundation
import Geodata
import Mail
import OutsideInput
import ReportSteps
import ReportStore
import Reports

/// A sighting posted to `POST /v1/reports/{id}/sightings`: `{"seenAt": "2026-12-05T14:30:00Z",
/// "locationLatitude": 52.2, "locationLongitude": 21.0, "note": "…", "phone": "…", "email": "…"}`,
/// every member's problem listed at once (422, as a report's).
///
/// Rules: `seenAt` is required, RFC 3339 in UTC (`Z`), not later than now plus ``clockSkew`` (a
/// phone's clock a little ahead), and not before the report's `lastSeenDate` as a day began
/// anywhere (UTC+14: a day's date is the reporter's own); the place is required and in range;
/// `note` at most ``Sighting/noteLimit`` characters; `phone` and `email` optional. Texts are
/// trimmed; a text holding a control character (but a line break in the note), a direction
/// override or a hiding zero-width character is refused, never stored to be escaped later.
enum SightingSubmission {
    static let members = ["seenAt", "locationLatitude", "locationLongitude", "note", "phone", "email"]
    /// How far ahead of the server's clock `seenAt` may be: 5 minutes.
    static let clockSkew: TimeInterval = 300
    /// The longest phone kept.
    static let phoneLimit = 40
    /// The longest email kept.
    static let emailLimit = 254

    /// The sighting of `report` in `data`, made at `now`, its maker's token digest `makerTokenHash`.
    ///
    /// - Throws: ``Problem``: 400 for a body that is not one JSON object, 422 listing every problem.
    static func sighting(_ data: Data, of report: PetReport, now: Date, makerTokenHash: String) throws(Problem)
        -> Sighting
    {
        var body = try PostedFields(data, known: members)
        let seenAt = seen(&body, report: report, now: now)
        let coordinate = place(&body)
        let note = text(&body, "note", limit: Sighting.noteLimit, lines: true) ?? ""
        let phone = text(&body, "phone", limit: phoneLimit, lines: false)
        let email = text(&body, "email", limit: emailLimit, lines: false)
        if let email, (try? MailAddress(email)) == nil { body.fail("email", "is not one email address") }
        guard body.problems.isEmpty, let seenAt, let coordinate else {
            throw ReportSubmission.invalid(body.problems)
        }
        return Sighting(
            reportID: report.id, seenAt: seenAt, coordinate: coordinate, note: note, phone: phone, email: email,
            makerTokenHash: makerTokenHash, createdAt: now)
    }

    private static func seen(_ body: inout PostedFields, report: PetReport, now: Date) -> Date? {
        guard let text = body.text("seenAt") else {
            body.fail("seenAt", "is required: when the pet was seen, RFC 3339 in UTC (2026-12-05T14:30:00Z)")
            return nil
        }
        guard let date = rfc3339UTC(text) else {
            body.fail(
                "seenAt",
                "\"\(String(text.prefix(40)).terminalSafe)\" is not an RFC 3339 time in UTC (2026-12-05T14:30:00Z)")
            return nil
        }
        if date.timeIntervalSince(now) > clockSkew {
            body.fail("seenAt", "is in the future; send the time the pet was seen")
            return nil
        }
        if let day = report.lastSeenDate, let start = earliestStart(of: day), date < start {
            body.fail("seenAt", "is before \(day), the day the pet went missing")
            return nil
        }
        return date
    }

    private static func place(_ body: inout PostedFields) -> Coordinate? {
        let latitude = body.number("locationLatitude")
        let longitude = body.number("locationLongitude")
        for (name, value) in [("locationLatitude", latitude), ("locationLongitude", longitude)] where value == nil {
            if !body.problems.contains(where: { $0.field == name }) {
                body.fail(name, "is required: where the pet was seen")
            }
        }
        guard let latitude, let longitude else { return nil }
        do {
            return try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            let field: String =
                switch error {
                case .outOfRange(.longitude), .missingCounterpart(.longitude), .required(.longitude):
                    "locationLongitude"
                default: "locationLatitude"
                }
            body.fail(field, error.description)
            return nil
        }
    }

    /// An optional text member, trimmed (`nil` when blank), at most `limit` characters, refused
    /// when it holds what a page would have to escape (``PageSafeText``; a line break only when
    /// `lines`).
    private static func text(_ body: inout PostedFields, _ name: String, limit: Int, lines: Bool) -> String? {
        guard let raw = body.text(name) else { return nil }
        let value = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !value.isEmpty else { return nil }
        guard value.count <= limit else {
            body.fail(name, "at most \(limit) characters; this one has \(value.count) (nothing was cut: shorten it)")
            return nil
        }
        guard PageSafeText.pageSafe(value) == value, lines || !value.contains("\n") else {
            body.fail(name, "holds a control character or an invisible one; write plain text")
            return nil
        }
        return value
    }

    /// `text` as an instant when it is RFC 3339 in UTC: `2026-12-05T14:30:00Z`, with or without
    /// a fraction of a second.
    static func rfc3339UTC(_ text: String) -> Date? {
        guard text.utf8.count <= 40, text.hasSuffix("Z") else { return nil }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }

    /// When the calendar day `day` (`2026-12-05`) began in the earliest time zone (UTC+14).
    static func earliestStart(of day: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.formatOptions = [.withFullDate]
        return formatter.date(from: day).map { $0.addingTimeInterval(-14 * 3600) }
    }
}
