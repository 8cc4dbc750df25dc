public import Foundation

/// A mail in UTF-8, as RFC 5322 and MIME want it on the wire: CRLF lines, the subject encoded
/// when it is not ASCII, each part in base64 (no line too long, no leading dot), a `Date` and a
/// `Message-ID`. Plain text alone, or plain text and HTML as `multipart/alternative`. Extra
/// headers (`List-Unsubscribe`, `Reply-To`) are checked for line breaks like the subject.
public struct MailMessage: Sendable {
    public let from: MailAddress
    public let to: MailAddress
    public let subject: String
    public let text: String
    /// The HTML part, shown instead of ``text`` by readers that can; `nil`: plain text alone.
    public let html: String?
    public let headers: [(name: String, value: String)]

    public init(
        from: MailAddress, to: MailAddress, subject: String, text: String, html: String? = nil,
        headers: [(name: String, value: String)] = []
    ) throws(MailError) {
        for value in [subject] + headers.flatMap({ [$0.name, $0.value] }) where value.contains(where: \.isNewline) {
            throw .badHeader(String(value.prefix(80)))
        }
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.headers = headers
    }

    /// The message's bytes, `date` in its `Date` header and `id` in its `Message-ID`.
    public func wire(date: Date, id: String) -> String {
        var lines = [
            "Date: \(Self.rfc5322(date))",
            "From: \(from)",
            "To: \(to)",
            "Subject: \(Self.encoded(subject))",
            "Message-ID: <\(id)@\(from.domain)>",
            "MIME-Version: 1.0",
        ]
        lines += headers.map { "\($0.name): \($0.value)" }
        guard let html else {
            lines += Self.part(text, type: "text/plain")
            return lines.joined(separator: "\r\n") + "\r\n"
        }
        // "=_" never occurs in base64, so the boundary cannot occur in a part.
        let boundary = "=_petspot_alternative"
        lines += ["Content-Type: multipart/alternative; boundary=\"\(boundary)\"", "", "--\(boundary)"]
        lines += Self.part(text, type: "text/plain") + ["--\(boundary)"]
        lines += Self.part(html, type: "text/html") + ["--\(boundary)--"]
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A part's headers, a blank line and `content` in base64 (CRLF line ends).
    private static func part(_ content: String, type: String) -> [String] {
        let body = Data(
            content.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8)
        return [
            "Content-Type: \(type); charset=utf-8", "Content-Transfer-Encoding: base64", "",
            body.base64EncodedString(options: [
                .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
            ]),
        ]
    }

    /// `=?UTF-8?B?…?=` words of at most 45 bytes each when `text` is not plain ASCII.
    static func encoded(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { !$0.isASCII }) else { return text }
        var words: [String] = []
        var chunk = ""
        for character in text {
            if chunk.utf8.count + String(character).utf8.count > 45 {
                words.append(chunk)
                chunk = ""
            }
            chunk.append(character)
        }
        words.append(chunk)
        return words.map { "=?UTF-8?B?\(Data($0.utf8).base64EncodedString())?=" }.joined(separator: "\r\n ")
    }

    private static func rfc5322(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter.string(from: date)
    }
}
