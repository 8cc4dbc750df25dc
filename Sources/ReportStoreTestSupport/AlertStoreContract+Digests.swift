import Foundation
public import ReportStore

/// The contract's checks of holding: counting an address's area alerts, the held mails, and
/// releasing them as a digest once.
extension AlertStoreContract {
    /// 2040-01-01T00:00:00Z plus `seconds`: after every other check's claims (in 2030), before
    /// ``later`` (2100).
    static func hourTime(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(2_208_988_800 + seconds))
    }

    /// A mail to `recipient` queued at `queued` in `state` (due at `due`, or when queued).
    static func mail(
        _ id: String, to recipient: String, at queued: Date, _ state: OutboxMail.State, due: Date? = nil
    ) -> OutboxMail {
        var mail = mail(id, at: queued, due: due)
        mail.recipient = recipient
        mail.state = state
        return mail
    }

    static func holding(_ store: any ReportStore, _ log: inout [String]) async throws {
        let ann = "ann@example.org"
        let bob = "bob@example.org"
        let hour = hourTime(0)..<hourTime(3600)
        let before = try await store.outboxSummary()
        try await store.queueMails(
            [
                mail("alert.1.s", to: ann, at: hourTime(10), .queued),
                mail("alert.2.s", to: ann, at: hourTime(20), .sent),
                mail("alert.3.s", to: ann, at: hourTime(30), .failed),
                mail("alert.4.s", to: ann, at: hourTime(40), .held, due: hour.upperBound),
                mail("match.5.s", to: ann, at: hourTime(50), .queued),
                mail("alert.6.s", to: ann, at: hourTime(3600), .queued),
                mail("alert.7.s", to: bob, at: hourTime(60), .queued),
                mail("alert.8.s", to: bob, at: hourTime(70), .held, due: hour.upperBound),
                mail("alert.9.s", to: ann, at: hourTime(80), .held, due: hour.upperBound),
                mail("alert.10.s", to: ann, at: hourTime(3700), .held, due: hourTime(7200)),
                mail("xalert.11.s", to: ann, at: hourTime(90), .queued),
            ], mailCursor: nil)
        let count = try await store.singleAlertCount(to: ann, queuedIn: hour)
        if count != 3 { log.append("ann's area alerts queued alone in the hour count \(count), not 3") }
        let other = try await store.singleAlertCount(to: "Ann@example.org", queuedIn: hour)
        if other != 0 { log.append("an address of other case counts \(other), not 0") }
        let summary = try await store.outboxSummary()
        if summary.held != before.held + 4 || summary.queued != before.queued + 5 {
            log.append("with 4 held and 5 queued more the summary went from \(before) to \(summary)")
        }

        // Held mails are never claimed, and are read once their hour has ended.
        let claimed = try await store.claimMails(dueBy: hourTime(7200), lease: .seconds(60), limit: 1_000)
        if claimed.contains(where: { $0.state == .held || $0.id.hasPrefix("alert.4") }) {
            log.append("a held mail was claimed")
        }
        if try await !store.heldMails(dueBy: hourTime(3599), limit: 10).isEmpty {
            log.append("held mails are read before their hour ended")
        }
        let due = try await store.heldMails(dueBy: hourTime(7200), limit: 10).map(\.id)
        if due != ["alert.4.s", "alert.9.s", "alert.8.s", "alert.10.s"] {
            log.append("the held mails due read as \(due), not by due time, recipient and id")
        }
        let page = try await store.heldMails(dueBy: hourTime(7200), limit: 2).map(\.id)
        if page != ["alert.4.s", "alert.9.s"] { log.append("two held mails read as \(page)") }
        if try await store.outboxMail(id: "alert.4.s")?.state != .held { log.append("alert.4.s is not read as held") }

        // Released once, all or nothing.
        let digest = mail("digest.a", to: ann, at: hourTime(3600), .queued)
        if try await !store.releaseHeldMails(["alert.4.s", "alert.9.s"], as: digest) {
            log.append("releasing two held mails did nothing")
        }
        if try await store.outboxMail(id: "digest.a") != digest { log.append("the digest was not queued as given") }
        for id in ["alert.4.s", "alert.9.s"] where try await store.outboxMail(id: id)?.state != .digested {
            log.append("\(id) is not digested after its release")
        }
        var again = digest
        again.subject = "Again"
        if try await store.releaseHeldMails(["alert.4.s", "alert.9.s"], as: again) {
            log.append("releasing the same mails twice released them again")
        }
        if try await store.outboxMail(id: "digest.a")?.subject != digest.subject {
            log.append("a second release changed the digest")
        }
        let partial = mail("digest.b", to: bob, at: hourTime(3600), .queued)
        if try await store.releaseHeldMails(["alert.8.s", "alert.4.s"], as: partial) {
            log.append("a release with a mail already digested went through")
        }
        if try await store.outboxMail(id: "digest.b") != nil { log.append("a refused release queued its digest") }
        if try await store.outboxMail(id: "alert.8.s")?.state != .held {
            log.append("a refused release changed a mail")
        }
        if try await store.releaseHeldMails([], as: partial) { log.append("releasing no mails queued a digest") }
        // Released with no digest (their subscriptions removed): digested, nothing queued.
        let queuedBefore = try await store.outboxSummary().queued
        if try await !store.releaseHeldMails(["alert.10.s"], as: nil) {
            log.append("releasing a held mail with no digest did nothing")
        }
        if try await store.outboxMail(id: "alert.10.s")?.state != .digested {
            log.append("a held mail released with no digest is not digested")
        }
        if try await store.outboxSummary().queued != queuedBefore {
            log.append("a release with no digest queued a mail")
        }
        if try await store.singleAlertCount(to: ann, queuedIn: hour) != 3 {
            log.append("a release changed the count of alerts queued alone")
        }
        // Queuing a digested id again changes nothing.
        try await store.queueMails([mail("alert.4.s", to: ann, at: hourTime(40), .queued)], mailCursor: nil)
        if try await store.outboxMail(id: "alert.4.s")?.state != .digested {
            log.append("queuing a digested mail's id again changed it")
        }
        let after = try await store.outboxSummary()
        if after.held != before.held + 1 { log.append("after the releases \(after.held) are held, not 1 more") }
    }

    /// `count` held mails to one address, released by every store at once as one digest (the same
    /// id, as servers releasing the same mails make it): exactly one release goes through, and
    /// every mail is digested. The stores must share one database with no such mails yet.
    public static func concurrentReleases(_ stores: [any AlertStore], count: Int = 50) async -> [AlertStoreViolation] {
        var log = ContractLog<Requirement>()
        await log.run(.releasing) { log in
            guard let first = stores.first else { return log.append("no store to release with") }
            let due = hourTime(3600)
            let held = (0..<count).map {
                mail(String(format: "alert.race-%04d", $0), to: "race@example.org", at: hourTime($0), .held, due: due)
            }
            try await first.queueMails(held, mailCursor: nil)
            let digest = mail("digest.race", to: "race@example.org", at: due, .queued)
            let ids = held.map(\.id)
            let released = try await withThrowingTaskGroup(of: Bool.self) { group in
                for store in stores {
                    group.addTask { try await store.releaseHeldMails(ids, as: digest) }
                }
                var released = 0
                for try await done in group where done { released += 1 }
                return released
            }
            if released != 1 { log.append("\(released) of \(stores.count) releases of the same mails went through") }
            for id in ids where try await first.outboxMail(id: id)?.state != .digested {
                log.append("\(id) is not digested")
            }
            if try await first.outboxMail(id: digest.id) == nil { log.append("the digest was not queued") }
        }
        return log.violations
    }
}
