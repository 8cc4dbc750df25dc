import Foundation
import ReportStore

extension AlertStoreContract {
    /// "Forget me": exactly the mails sent to the address or answering to it (`Reply-To`), in
    /// every state and whatever the case, are removed; a mail that only names it, or an address
    /// it is the start of, stays.
    static func forgetting(_ store: any ReportStore, _ log: inout [String]) async throws {
        let time = time(200_000)
        func mail(_ id: String, to recipient: String, replyTo: String? = nil, text: String = "Hello") -> OutboxMail {
            OutboxMail(
                id: id, recipient: recipient, subject: "About Łapa", text: text,
                headers: replyTo.map { [MailHeader(name: "Reply-To", value: $0)] } ?? [], queuedAt: time)
        }
        let concerned = ["m-forget-to", "m-forget-sent", "m-forget-reply"]
        let kept = ["m-forget-names", "m-forget-longer", "m-forget-other-reply"]
        try await store.queueMails(
            [
                mail("m-forget-to", to: "Zoe@Example.org"),
                mail("m-forget-sent", to: "zoe@example.org"),
                mail("m-forget-reply", to: "owner@example.org", replyTo: " ZOE@example.ORG "),
                mail("m-forget-names", to: "owner@example.org", text: "Write to zoe@example.org"),
                mail("m-forget-longer", to: "zoe@example.org.evil.test"),
                mail("m-forget-other-reply", to: "owner@example.org", replyTo: "bob@example.org"),
            ], mailCursor: nil)
        try await store.markMailSent(id: "m-forget-sent", at: time)
        let removed = try await store.removeMails(concerning: " zoe@EXAMPLE.org")
        if removed != concerned.count { log.append("forgetting zoe@example.org removed \(removed) mails, not 3") }
        for id in concerned where try await store.outboxMail(id: id) != nil {
            log.append("\(id) concerns zoe@example.org and was kept")
        }
        for id in kept where try await store.outboxMail(id: id) == nil {
            log.append("\(id) does not concern zoe@example.org and was removed")
        }
        let again = try await store.removeMails(concerning: "zoe@example.org")
        if again != 0 { log.append("forgetting again removed \(again) mails, not 0") }
        if try await store.removeMails(concerning: "  ") != 0 { log.append("an empty address removed mails") }
        // Claimed by no one again: the other mails go as they would have.
        let claimed = try await store.claimMails(dueBy: time, lease: .seconds(60), limit: 100).map(\.id)
        if claimed.contains(where: concerned.contains) { log.append("a forgotten mail was claimed: \(claimed)") }
    }
}
