/// Why a mail was not sent, or the mail settings cannot be used, in words an operator can act on.
public enum MailError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The `--smtp` URL cannot be used; the text says what to write instead.
    case badServerURL(String)
    /// The password file cannot be read, or others may read it.
    case badPasswordFile(path: String, reason: String)
    /// An address (`--mail-from`, a recipient) is not one address.
    case badAddress(String)
    /// A header would carry a line break (a subject from outside input, say).
    case badHeader(String)
    /// libcurl cannot be opened: the text says which package to install.
    case libraryMissing(String)
    /// The mail server was not reached, its certificate was not trusted, it refused TLS or the
    /// mail: libcurl's words and the server's last reply (code 0 when it never answered).
    case notSent(reason: String, replyCode: Int, reply: String)

    public var description: String {
        switch self {
        case .badServerURL(let text): "the mail server URL cannot be used: \(text)"
        case .badPasswordFile(let path, let reason): "the SMTP password file \(path): \(reason)"
        case .badAddress(let text): "not a mail address: \(text)"
        case .badHeader(let text): "a mail header may not hold a line break: \(text)"
        case .libraryMissing(let text): "mail cannot be sent: \(text)"
        case .notSent(let reason, let code, let reply):
            code == 0
                ? "the mail was not sent: \(reason)" : "the mail was not sent: \(reason) (the server said \(reply))"
        }
    }
}
