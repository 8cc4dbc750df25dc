import Foundation
import HTTPTypes
import Mail
import PetSpotJSON
import ReportStore

/// The body of `POST /v1/reports/{id}/messages`: `{"name": "Ann", "contact": "ann@example.org",
/// "text": "I think I saw your dog…"}`. `contact` is an email address or a phone number the
/// reporter can answer; an email becomes the mail's `Reply-To`. Texts are trimmed, and every
/// control character but the line break in `text` is dropped.
struct ReporterMessage {
    let name: String
    let contact: String
    /// The contact when it is one mail address: the `Reply-To`.
    let replyTo: MailAddress?
    let text: String

    static let nameLimit = 100
    static let contactLimit = 254
    static let textLimit = 2_000

    init(parsing data: Data) throws(Problem) {
        guard case .object(let members) = try JSONInput.parse(data) else {
            throw Problem(.badRequest, detail: "The body must be a JSON object with name, contact and text.")
        }
        if let unknown = members.keys.sorted().first(where: { !["name", "contact", "text"].contains($0) }) {
            throw Self.bad(unknown, "'\(unknown.prefix(40))' is not a member; write name, contact and text.")
        }
        name = try Self.text(members["name"], "name", limit: Self.nameLimit, lines: false)
        contact = try Self.text(members["contact"], "contact", limit: Self.contactLimit, lines: false)
        text = try Self.text(members["text"], "text", limit: Self.textLimit, lines: true)
        replyTo = contact.contains("@") ? try? MailAddress(contact) : nil
        if contact.contains("@") && replyTo == nil {
            throw Self.bad("contact", "'contact' is not one email address; write one, or a phone number.")
        }
    }

    /// A required text member, at most `limit` characters once trimmed, without control
    /// characters (line breaks kept when `lines`).
    private static func text(_ value: JSONInput?, _ member: String, limit: Int, lines: Bool) throws(Problem) -> String {
        guard case .string(let raw)? = value else {
            throw bad(member, "'\(member)' must be a text of 1 to \(limit) characters.")
        }
        let kept = String(
            String.UnicodeScalarView(
                raw.unicodeScalars.filter { scalar in
                    (lines && scalar == "\n") || !(scalar.properties.generalCategory == .control)
                })
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !kept.isEmpty, kept.count <= limit else {
            throw bad(member, "'\(member)' must be a text of 1 to \(limit) characters.")
        }
        return kept
    }

    private static func bad(_ member: String, _ detail: String) -> Problem {
        Problem(.badRequest, detail: detail, extensions: [("member", .string(member))])
    }
}
