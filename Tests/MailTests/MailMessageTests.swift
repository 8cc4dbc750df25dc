import Foundation
import Mail
import Testing

/// What goes on the wire: headers that cannot gain a line, UTF-8 subjects and bodies.
struct MailMessageTests {
    @Test func aSubjectOrHeaderWithALineBreakIsRefused() throws {
        let from = try MailAddress("alerts@petspot.example")
        let to = try MailAddress("owner@example.org")
        #expect(throws: MailError.self) { try MailMessage(from: from, to: to, subject: "Hi\r\nBcc: x@y.z", text: "") }
        #expect(throws: MailError.self) {
            try MailMessage(from: from, to: to, subject: "Hi", text: "", headers: [("Reply-To", "a@b.c\nBcc: x@y.z")])
        }
    }

    @Test func aUTF8SubjectAndBodyAreEncodedAndEveryLineEndsInCRLF() throws {
        let message = try MailMessage(
            from: MailAddress("alerts@petspot.example"), to: MailAddress("owner@example.org"),
            subject: "Znaleziony pies, 1,2 km od środka Twojego obszaru", text: "Zażółć gęślą jaźń\n.\nkoniec")
        let wire = message.wire(date: Date(timeIntervalSince1970: 0), id: "x")
        #expect(wire.contains("Date: Thu, 01 Jan 1970 00:00:00 +0000\r\n"))
        #expect(wire.contains("Subject: =?UTF-8?B?"))
        #expect(wire.contains("Message-ID: <x@petspot.example>\r\n"))
        #expect(!wire.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "no bare line feed")
        let body = try #require(wire.components(separatedBy: "\r\n\r\n").last)
        let decoded = try #require(Data(base64Encoded: body.replacingOccurrences(of: "\r\n", with: "")))
        #expect(String(decoding: decoded, as: UTF8.self) == "Zażółć gęślą jaźń\r\n.\r\nkoniec")
        let subject = try #require(wire.components(separatedBy: "\r\n").first { $0.hasPrefix("Subject: ") })
        let word = subject.dropFirst("Subject: =?UTF-8?B?".count).prefix { $0 != "?" }
        #expect(
            Data(base64Encoded: String(word)).map { String(decoding: $0, as: UTF8.self) }?.hasPrefix("Znaleziony")
                == true)
    }

    @Test(arguments: ["", "a", "a@b", "a@b.c,d@e.f", "a b@c.d", "<a@b.c>", "a@b.c\r\n", "@b.c", "a@.b"])
    func notOneAddressIsRefused(_ text: String) {
        #expect(throws: MailError.self) { try MailAddress(text) }
    }

    @Test func theServerURLKeepsOnlyWhatLibcurlNeeds() throws {
        let server = try SMTPServer(url: "smtp://alerts:pw@mail.example:587?tls=required&cafile=/etc/ca.pem")
        #expect(server.endpoint == "smtp://mail.example:587")
        #expect(server.username == "alerts" && server.requiresTLS && server.caFile == "/etc/ca.pem")
        #expect(server.shown == "smtp://alerts@mail.example:587", "no password shown")
        #expect(try SMTPServer(url: "smtps://mail.example").requiresTLS)
        #expect(try !SMTPServer(url: "smtp://mail.example").requiresTLS)
        for bad in [
            "mail.example", "http://mail.example", "smtp://", "smtp://mail.example/inbox", "smtp://m.example?tls=maybe",
        ] {
            #expect(throws: MailError.self, "\(bad)") { try SMTPServer(url: bad) }
        }
    }
}
