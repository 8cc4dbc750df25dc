import Foundation
import Geodata
public import ReportStore

/// The implementation requirements of ``AlertStore`` (its doc comment) as a check every store
/// must pass, as ``ReportStoreContract`` is for reports.
///
/// ```swift
/// let violations = await AlertStoreContract.check { try SQLiteReportStore(path: path) }
/// #expect(violations.isEmpty, "\(violations)")     // [AlertStoreViolation], each with its requirement
/// ```
///
/// `open` must give the same, initially empty, store each time it is called: the check closes it
/// and opens it again to see that what was acknowledged lasts. Every time the check uses is a
/// whole second, so it reads back exactly from a store that keeps milliseconds.
public enum AlertStoreContract {
    /// The parts of the contract the checks belong to.
    public enum Requirement: String, Sendable, Hashable, CaseIterable {
        /// The store opens.
        case opening = "opening the store"
        /// A new store has no subscriptions, no mails, and the cursor at 0.
        case newStore = "a new store"
        /// Subscriptions are stored, confirmed (unless lapsed), listed and removed as documented.
        case subscriptions
        /// Covering is a brute-force `covers` over every stored subscription.
        case covering
        /// Queuing is idempotent and all or nothing.
        case queuing
        /// The mail cursor is raised, never lowered, in the queuing transaction.
        case mailCursor = "mail cursor"
        /// Claiming gives due mails, oldest first, once per lease, counting attempts.
        case claiming
        /// Marking ends a claim: sent, retried later, failed; the summary counts them.
        case marking
        /// Two stores claiming at once never get the same mail.
        case concurrentClaims = "concurrent claims"
        /// Area alerts are counted per address and hour; held mails are never claimed, read once
        /// due, and released as one digest, all or nothing, once.
        case holding
        /// Stores releasing the same held mails at once queue one digest.
        case releasing = "concurrent releases"
        /// A report's match alerts, once stopped, stay stopped; the lookup names exactly those.
        case stoppedMatchAlerts = "stopped match alerts"
        /// "Forget me" removes exactly the mails that concern the address.
        case forgetting
        /// What was acknowledged lasts across closing and opening again.
        case reopening
    }

    /// Runs every check.
    ///
    /// - Returns: every broken requirement, with what was seen (empty: the store conforms).
    public static func check(open: @Sendable () async throws -> any ReportStore) async -> [AlertStoreViolation] {
        await ContractLog.checking(.opening, open: open) { store, log in
            await log.run(.newStore) { try await empty(store, &$0) }
            await log.run(.subscriptions) { try await subscriptions(store, &$0) }
            await log.run(.covering) { try await covering(store, &$0) }
            await log.run(.queuing) { try await queuing(store, &$0) }
            await log.run(.mailCursor) { try await cursor(store, &$0) }
            await log.run(.claiming) { try await claiming(store, &$0) }
            await log.run(.marking) { try await marking(store, &$0) }
            await log.run(.stoppedMatchAlerts) { try await stoppedMatchAlerts(store, &$0) }
            await log.run(.holding) { try await holding(store, &$0) }
            await log.run(.forgetting) { try await forgetting(store, &$0) }
            let kept = try? await Snapshot(store)
            await store.close()
            await log.run(.reopening) {
                let again = try await open()
                if try await Snapshot(again) != kept {
                    $0.append("what was stored before closing differs after opening")
                }
                await again.close()
            }
        }
    }

    /// `count` due mails queued through the first store, claimed in a loop by every store at
    /// once (a few at a time): each mail must be claimed exactly once, with one attempt. The
    /// stores must share one database, with no other due mails in its outbox.
    public static func concurrentClaims(_ stores: [any AlertStore], count: Int = 200) async -> [AlertStoreViolation] {
        var log = ContractLog<Requirement>()
        await log.run(.concurrentClaims) { log in
            guard let first = stores.first else { return log.append("no store to claim with") }
            let due = time(0)
            let mails = (0..<count).map { mail(String(format: "m-race-%04d", $0), at: due) }
            try await first.queueMails(mails, mailCursor: nil)
            // Each store claims one batch first, one after the other, so that every store takes
            // part whatever the scheduler does (on a busy machine one task can otherwise drain
            // the outbox before the others start); then all claim at once.
            var firsts: [[OutboxMail]] = []
            for store in stores {
                firsts.append(try await store.claimMails(dueBy: due, lease: .seconds(3600), limit: 7))
            }
            let claimed = try await withThrowingTaskGroup(of: [OutboxMail].self) { group in
                for (store, firstBatch) in zip(stores, firsts) {
                    group.addTask {
                        var mine = firstBatch
                        while true {
                            let batch = try await store.claimMails(dueBy: due, lease: .seconds(3600), limit: 7)
                            if batch.isEmpty { return mine }
                            mine += batch
                            await Task.yield()
                        }
                    }
                }
                var all: [[OutboxMail]] = []
                for try await mine in group { all.append(mine) }
                return all
            }
            let ids = claimed.flatMap { $0.map(\.id) }
            if ids.count != Set(ids).count {
                log.append("\(ids.count - Set(ids).count) mails were claimed more than once")
            }
            if Set(ids) != Set(mails.map(\.id)) {
                log.append("\(Set(mails.map(\.id)).subtracting(ids).count) mails were never claimed")
            }
            if let wrong = claimed.joined().first(where: { $0.attempts != 1 }) {
                log.append("\(wrong.id) was claimed with \(wrong.attempts) attempts, not 1")
            }
            if firsts.contains(where: \.isEmpty) {
                log.append("a store's first claim took nothing with \(count) mails due: \(firsts.map(\.count))")
            }
        }
        return log.violations
    }

    static func empty(_ store: any ReportStore, _ log: inout [String]) async throws {
        if try await !store.subscriptions(afterID: nil, limit: 10).isEmpty { log.append("it lists subscriptions") }
        if try await store.mailCursor() != 0 { log.append("the mail cursor is not 0") }
        let stopped = try await store.matchAlertsStopped(reportIDs: stopLookup)
        if !stopped.isEmpty { log.append("the match alerts of \(stopped.sorted()) are stopped") }
        let summary = try await store.outboxSummary()
        if summary != OutboxSummary(queued: 0, oldestQueuedAt: nil, sent: 0, failed: 0) {
            log.append("the outbox summary is \(summary)")
        }
        if try await !store.claimMails(dueBy: time(1_000_000_000), lease: .seconds(60), limit: 10).isEmpty {
            log.append("it claims mails")
        }
    }

    /// The contract's base time, 2030-01-13T08:00:00Z, plus `seconds` (whole seconds: see above).
    static func time(_ seconds: Int) -> Date {
        Date(timeIntervalSince1970: TimeInterval(1_894_521_600 + seconds))
    }

    /// A mail for the checks, queued (and due) at `queued`.
    static func mail(_ id: String, at queued: Date, due: Date? = nil) -> OutboxMail {
        OutboxMail(
            id: id, recipient: "ann+\(id)@example.org", subject: "A pet was found near you (\(id))",
            text: "Łapa, a dog, was found 2 km away.\nhttps://example.org/r/1",
            html: id.hasSuffix("0") ? nil : "<p>Łapa &amp; co</p>",
            headers: [
                MailHeader(name: "List-Unsubscribe", value: "<https://example.org/u/\(id)>"),
                MailHeader(name: "List-Unsubscribe-Post", value: "List-Unsubscribe=One-Click"),
            ], queuedAt: queued, dueAt: due)
    }

    /// What the reopening check compares.
    struct Snapshot: Equatable {
        var subscriptions: [Subscription]
        var cursor: Int64
        var summary: OutboxSummary
        var mails: [OutboxMail?]
        var stopped: Set<String>

        init(_ store: any AlertStore) async throws {
            subscriptions = try await store.subscriptions(afterID: nil, limit: 1_000)
            cursor = try await store.mailCursor()
            summary = try await store.outboxSummary()
            mails = []
            for id in ["m-q-a", "m-claim-1", "m-claim-2", "m-claim-3", "m-claim-4"] {
                mails.append(try await store.outboxMail(id: id))
            }
            stopped = try await store.matchAlertsStopped(reportIDs: stopLookup)
        }
    }

}
