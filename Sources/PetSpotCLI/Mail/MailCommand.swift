import ArgumentParser
import Foundation
import Mail

extension PetSpot {
    /// `petspot mail test ADDRESS`: one test mail through the configured server.
    struct MailCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mail",
            abstract: "Mail: check the mail server settings that alerts use.",
            subcommands: [Test.self])
    }
}

extension PetSpot.MailCommand {
    /// `petspot mail test ADDRESS`.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Send one test mail to ADDRESS and print what the mail server answered.",
            discussion: """
                The same options and variables as `petspot serve` (PETSPOT_SMTP_URL, \
                PETSPOT_SMTP_PASSWORD_FILE, PETSPOT_MAIL_FROM). STARTTLS is used whenever the \
                server offers it and its certificate must verify (?cafile=PATH for a private \
                CA): a certificate that does not is an error, never a fall back to plain text.

                Prints the server's reply code and text. Exit status: 0 the server took the \
                mail, 1 it did not (or a setting cannot be used; the message says which), 64 \
                usage error.
                """)

        @Argument(help: "Where the test mail goes.")
        var address: String

        @OptionGroup var mail: MailOptions

        func run() throws {
            let (server, from) = try mail.resolve()
            do throws(MailError) {
                let to = try MailAddress(address)
                let message = try MailMessage(
                    from: from, to: to, subject: "PetSpot test mail",
                    text: """
                        This is a test mail from petspot, sent through \(server.shown) to check the \
                        settings that alerts use. Nothing else will be sent because of it.
                        """)
                let reply = try SMTPClient(server: server).send(message)
                print("Sent to \(to) through \(server.shown): \(reply.code) \(Self.withoutCode(reply))")
            } catch {
                throw MailFailure(message: error.description)
            }
        }

        /// The reply's text without its leading code ("250 OK" → "OK").
        private static func withoutCode(_ reply: SMTPClient.Reply) -> String {
            let prefix = "\(reply.code)"
            guard reply.text.hasPrefix(prefix) else { return reply.text }
            return String(reply.text.dropFirst(prefix.count).drop { $0 == " " || $0 == "-" })
        }
    }
}
