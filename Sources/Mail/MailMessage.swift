public import Foundation

/// A plain-text mail in UTF-8, as RFC 5322 and MIME want it on the wire: CRLF lines, the
/// subject encoded when it is not ASCII, the body in base64 (no line too long, no leading dot),
/// a `Date` and a `Message-ID`. Extra headers (`List-Unsubscribe`, `Reply-To`) are checked for
/// line breaks like the subject.
public struct MailMessage: Sendable {
    public let from: MailAddress
    public let to: MailAddress
    public let subject: String
    public let text: String
    public let headers: [(name: String, value: String)]

    public init(
        from: MailAddress, to: MailAddress, subject: String, text: String,
        headers: [(name: String, value: String)] = []
    ) throws(MailError) {
        for value in [subject] + headers.flatMap({ [$0.name, $0.value] }) where value.contains(where: \.isNewline) {
            throw .badHeader(String(value.prefix(80)))
        }
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
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
            "Content-Type: text/plain; charset=utf-8",
            "Content-Transfer-Encoding: base64",
        ]
        lines += headers.map { "\($0.name): \($0.value)" }
        lines.append("")
        let body = Data(
            text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n").utf8)
        lines.append(
            body.base64EncodedString(options: [
                .lineLength76Characters, .endLineWithCarriageReturn, .endLineWithLineFeed,
            ]))
        return lines.joined(separator: "\r\n") + "\r\n"
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
