import Foundation
import LocationTestSupport
import MailTestSupport
import Testing

/// `petspot mail test` against a real SMTP server (aiosmtpd): STARTTLS with a private CA and
/// AUTH, SMTPS, a certificate that does not verify, a server without STARTTLS (issue 45, item 1).
@Suite(
    .serialized, .enabled(if: SMTPTestServer.shouldRun, "python3-aiosmtpd is not installed"), .timeLimit(.minutes(5)))
struct MailCommandTests {
    static let from = "alerts@petspot.example"

    static func petspot(_ arguments: [String], environment: [String: String] = [:]) async throws -> ProcessRun.Output {
        try await ProcessRun.run(
            BuiltProducts.executable("petspot"), ["mail", "test"] + arguments,
            environment: ["PETSPOT_SMTP_URL": "", "PETSPOT_MAIL_FROM": "", "PETSPOT_SMTP_PASSWORD_FILE": ""]
                .merging(environment) { $1 })
    }

    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("petspot-mail-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test func startTLSWithAPrivateAuthorityAndAPasswordFileDeliversOverTLS() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tls = try await SMTPTestServer.certificates(in: folder)
        let passwordFile = folder.appendingPathComponent("password").path
        try "s3cret-Pa55\n".write(toFile: passwordFile, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passwordFile)
        try await SMTPTestServer.with(
            ["--starttls", tls.certificate, tls.key, "--require-starttls", "--auth", "petspot:s3cret-Pa55"], in: folder
        ) { server in
            let run = try await Self.petspot(
                ["owner@example.org", "--smtp-password-file", passwordFile],
                environment: [
                    "PETSPOT_SMTP_URL": "smtp://petspot@127.0.0.1:\(server.port)?cafile=\(tls.ca)",
                    "PETSPOT_MAIL_FROM": Self.from,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(
                run.stdout
                    == "Sent to owner@example.org through smtp://petspot@127.0.0.1:\(server.port): 250 OK kept as mail-000001\n"
            )
            #expect(!(run.stdout + run.stderr).contains("s3cret"), "the password is never printed")
            let mails = try server.kept()
            #expect(mails.count == 1)
            let mail = try #require(mails.first)
            #expect(mail.tls && mail.authenticated)
            #expect(mail.from == Self.from && mail.to == ["owner@example.org"])
            #expect(mail.data.contains("Subject: PetSpot test mail"))
            #expect(mail.data.contains("From: \(Self.from)") && mail.data.contains("Message-ID: <"))
        }
    }

    @Test func aCertificateThatDoesNotVerifyIsAnErrorNeverPlainText() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tls = try await SMTPTestServer.certificates(in: folder)
        try await SMTPTestServer.with(["--starttls", tls.certificate, tls.key], in: folder) { server in
            let run = try await Self.petspot(
                ["owner@example.org", "--smtp", "smtp://127.0.0.1:\(server.port)", "--mail-from", Self.from])
            #expect(run.status == 1)
            #expect(
                run.stderr.contains("the mail was not sent") && run.stderr.lowercased().contains("certificate"),
                "\(run.stderr)")
            #expect(try server.kept().isEmpty, "nothing went out in plain text instead")
        }
    }

    @Test func aServerWithoutSTARTTLSIsRefusedWhenTLSIsRequiredAndUsedPlainOtherwise() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await SMTPTestServer.with([], in: folder) { server in
            let refused = try await Self.petspot(
                [
                    "owner@example.org", "--smtp", "smtp://127.0.0.1:\(server.port)?tls=required", "--mail-from",
                    Self.from,
                ])
            #expect(refused.status == 1, "\(refused.stdout)")
            #expect(refused.stderr.contains("the mail was not sent"), "\(refused.stderr)")
            #expect(try server.kept().isEmpty)
            let sent = try await Self.petspot(
                ["owner@example.org", "--smtp", "smtp://127.0.0.1:\(server.port)", "--mail-from", Self.from])
            #expect(sent.status == 0, "\(sent.stderr)")
            #expect(try server.kept().map(\.tls) == [false])
        }
    }

    @Test func smtpsSpeaksTLSFromTheFirstByte() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let tls = try await SMTPTestServer.certificates(in: folder)
        try await SMTPTestServer.with(["--implicit", tls.certificate, tls.key], in: folder) { server in
            let run = try await Self.petspot(
                [
                    "owner@example.org", "--smtp", "smtps://127.0.0.1:\(server.port)?cafile=\(tls.ca)", "--mail-from",
                    Self.from,
                ])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(try server.kept().map(\.tls) == [true])
        }
    }

    @Test func missingOrUnusableSettingsSayWhatToDo() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let none = try await Self.petspot(["owner@example.org"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no mail server: give --smtp smtp://host:port or set PETSPOT_SMTP_URL"))
        let open = folder.appendingPathComponent("open").path
        try "pw".write(toFile: open, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: open)
        let shared = try await Self.petspot(
            [
                "owner@example.org", "--smtp", "smtp://u@127.0.0.1:1", "--mail-from", Self.from, "--smtp-password-file",
                open,
            ])
        #expect(shared.status == 1)
        #expect(shared.stderr.contains("others may read it; chmod 600 \(open)"))
        let http = try await Self.petspot(["owner@example.org", "--smtp", "http://127.0.0.1", "--mail-from", Self.from])
        #expect(http.stderr.contains("write smtp://[user[:password]@]host[:port] or smtps://"))
        let two = try await Self.petspot([
            "a@example.org,b@example.org", "--smtp", "smtp://127.0.0.1:1", "--mail-from", Self.from,
        ])
        #expect(two.status == 1)
        #expect(two.stderr.contains("not a mail address"))
        let unreachable = try await Self.petspot([
            "a@example.org", "--smtp", "smtp://127.0.0.1:1", "--mail-from", Self.from,
        ])
        #expect(unreachable.status == 1)
        #expect(unreachable.stderr.contains("the mail was not sent"), "\(unreachable.stderr)")
    }
}
