import ArgumentParser
import Foundation
import Mail

/// `--smtp URL`, `--smtp-password-file PATH` and `--mail-from ADDRESS`, each with its
/// `PETSPOT_*` variable: the mail server and the sender, read the same by every command that
/// sends mail.
struct MailOptions: ParsableArguments {
    @Option(
        name: .customLong("smtp"),
        help: ArgumentHelp(
            "The mail server: smtp://[user[:password]@]host[:port] (STARTTLS whenever offered, "
                + "certificate verified; ?tls=required refuses a server without it; ?cafile=PATH "
                + "trusts a private CA) or smtps://….",
            valueName: "url"))
    var smtp: String?

    @Option(
        help: ArgumentHelp(
            "A file (the owner's alone) holding the SMTP password.",
            valueName: "path"))
    var smtpPasswordFile: String?

    @Option(help: ArgumentHelp("The sender's address.", valueName: "address"))
    var mailFrom: String?

    /// The server and sender the options and variables give.
    /// - Throws: ``MailFailure`` for a missing or unusable setting.
    func resolve(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (
        SMTPServer, MailAddress
    ) {
        guard let url = smtp ?? environment["PETSPOT_SMTP_URL"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw MailFailure(message: "no mail server: give --smtp smtp://host:port or set PETSPOT_SMTP_URL")
        }
        guard let from = mailFrom ?? environment["PETSPOT_MAIL_FROM"].flatMap({ $0.isEmpty ? nil : $0 }) else {
            throw MailFailure(message: "no sender: give --mail-from ADDRESS or set PETSPOT_MAIL_FROM")
        }
        let passwordFile =
            smtpPasswordFile ?? environment["PETSPOT_SMTP_PASSWORD_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        do {
            return (try SMTPServer(url: url, passwordFile: passwordFile), try MailAddress(from))
        } catch {
            throw MailFailure(message: error.description)
        }
    }
}

/// A mail setting that cannot be used, or a mail not sent (exit 1).
struct MailFailure: CommandFailure {
    let message: String
}
