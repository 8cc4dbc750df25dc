import CLazyLibraries
public import Foundation

/// Sends mail to one ``SMTPServer`` through libcurl's SMTP client (opened at the first mail).
/// Hand-written over libcurl: no package of the mirror speaks SMTP (async-http-client is HTTP
/// only), and Debian's libcurl does STARTTLS, SMTPS and AUTH with verified certificates.
///
/// ```swift
/// let reply = try SMTPClient(server: server).send(message)   // blocks: call off the event loops
/// print(reply.code, reply.text)                              // 250 OK queued as 4F2…
/// ```
public struct SMTPClient: Sendable {
    /// What the server said last about the mail it took.
    public struct Reply: Sendable, Equatable {
        public let code: Int
        public let text: String
    }

    public let server: SMTPServer
    /// How long to wait for the server to answer a connection, and for the whole mail.
    public var connectTimeout: Duration = .seconds(15)
    public var timeout: Duration = .seconds(60)

    public init(server: SMTPServer) {
        self.server = server
    }

    /// Sends `message`; blocks until the server took it or refused it (or the timeouts passed).
    /// - Throws: ``MailError/notSent(reason:replyCode:reply:)`` or ``MailError/libraryMissing(_:)``.
    public func send(_ message: MailMessage, date: Date = Date(), id: String = UUID().uuidString) throws(MailError)
        -> Reply
    {
        let wire = message.wire(date: date, id: id)
        var result = petspot_smtp_result()
        let code = wire.withCString { bytes in
            server.endpoint.withCString { url in
                message.from.text.withCString { from in
                    message.to.text.withCString { to in
                        Self.withOptionalCString(server.username) { username in
                            Self.withOptionalCString(server.password) { password in
                                Self.withOptionalCString(server.caFile) { caFile in
                                    var request = petspot_smtp_request(
                                        url: url, username: username, password: password, cafile: caFile,
                                        require_tls: server.requiresTLS ? 1 : 0, mail_from: from, recipient: to,
                                        message: bytes, message_length: strlen(bytes),
                                        connect_timeout_seconds: Self.seconds(connectTimeout),
                                        timeout_seconds: Self.seconds(timeout))
                                    return petspot_smtp_send(&request, &result)
                                }
                            }
                        }
                    }
                }
            }
        }
        let error = Self.text(of: &result.error)
        let reply = Reply(code: result.reply_code, text: Self.text(of: &result.reply))
        if result.library_missing != 0 { throw .libraryMissing(error) }
        guard code == 0 else { throw .notSent(reason: error, replyCode: reply.code, reply: reply.text) }
        return reply
    }

    private static func seconds(_ duration: Duration) -> Int {
        max(1, Int(duration.components.seconds))
    }

    private static func withOptionalCString<T>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> T) -> T {
        guard let text else { return body(nil) }
        return text.withCString { body($0) }
    }

    /// A fixed C buffer's text (NUL-terminated by smtp.c; cut at its size in any case).
    private static func text<Buffer>(of buffer: inout Buffer) -> String {
        withUnsafeBytes(of: &buffer) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}
