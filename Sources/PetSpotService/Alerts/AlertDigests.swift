import Foundation
import ReportStore

/// The hourly digest of area alerts (issue 45: "more than 10 in an hour to one address become
/// one digest an hour"), for ``AlertPlanner``.
///
/// **Holding.** In each clock hour `[H, H+1h)` of the planner's time, an address gets its first
/// ``singlesPerHour`` area alerts one by one; the planner queues the next ones of that hour
/// **held** (``OutboxMail/State/held``, due at `H+1h`, never claimed), in the same transaction as
/// its cursor move, so a crash holds or sends each alert once. The count is the store's
/// (``AlertStore/singleAlertCount(to:queuedIn:)``, the alerts queued alone to the address in the
/// hour) plus those of the batch being planned.
///
/// Two planners (two servers on one PostgreSQL) plan the same events into the same mail ids, and
/// the first to commit an id wins (the other's insert of it changes nothing), so each alert is
/// queued once, alone or held. Their decisions differ only when one commits between the other's
/// reading of the log and its count: the count then holds alerts the second plans again (it
/// counts them twice, and holds its later alerts a little early: fewer than 10 alone, the rest in
/// the digest), or misses the first's alerts of events the second did not read (a few more than
/// 10 alone). Either way the limit is off by at most the alerts the other planner queued in that
/// instant (usually one or two; one page of events at most), and every alert still reaches the
/// address once. That is acceptable for a limit that
/// only keeps a busy hour from flooding an inbox; an exact one would take a lock per address in
/// every planner's transaction.
///
/// **Releasing.** On each tick, the held mails whose hour has ended are read
/// (``AlertStore/heldMails(dueBy:limit:)``), grouped by address and hour, and each group becomes
/// one digest (``AlertMails/digest(of:hour:at:)``), queued with its alerts marked digested in one
/// transaction (``AlertStore/releaseHeldMails(_:as:)``), only if every one is still held. Its id
/// comes from the alerts it carries, so two servers releasing the same group queue one digest; a
/// server whose group another released in part changes nothing, and the alerts left held (one
/// that arrived late) go out in a later, smaller digest. An alert whose subscription was removed
/// while it was held (its address unsubscribed) is released with its group but not listed: a
/// group of such alerts alone mails nothing.
struct AlertDigests: Sendable {
    /// The area alerts an address gets one by one in a clock hour.
    static let singlesPerHour = 10
    /// Held mails read at a time when releasing.
    static let page = 500

    let store: any ReportStore

    /// An area alert as planned: the mail sent alone, and what it is held (its digest entry).
    struct Alert: Sendable {
        var single: OutboxMail
        var held: OutboxMail
    }

    /// The clock hour (UTC) that holds `time`.
    static func hour(of time: Date) -> Range<Date> {
        let start = (time.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        return Date(timeIntervalSince1970: start)..<Date(timeIntervalSince1970: start + 3600)
    }

    /// `alerts` (in the order of their events) as they are queued at `time`: alone while their
    /// address has had fewer than ``singlesPerHour`` in `time`'s hour, held otherwise.
    func decide(_ alerts: [Alert], at time: Date) async throws(ReportStoreError) -> [OutboxMail] {
        let hour = Self.hour(of: time)
        var singles: [String: Int] = [:]
        var mails: [OutboxMail] = []
        for alert in alerts {
            let recipient = alert.single.recipient
            let count: Int
            if let known = singles[recipient] {
                count = known
            } else {
                count = try await store.singleAlertCount(to: recipient, queuedIn: hour)
            }
            if count < Self.singlesPerHour {
                var single = alert.single
                single.queuedAt = time
                single.dueAt = time
                mails.append(single)
                singles[recipient] = count + 1
            } else {
                var held = alert.held
                held.state = .held
                held.queuedAt = time
                held.dueAt = hour.upperBound
                mails.append(held)
                singles[recipient] = count
            }
        }
        return mails
    }

    /// Queues one digest for each address and hour whose held alerts are due by `time`; returns
    /// how many were queued (by this server).
    func release(at time: Date) async throws(ReportStoreError) -> Int {
        var queued = 0
        while true {
            let held = try await store.heldMails(dueBy: time, limit: Self.page)
            var groups: [[OutboxMail]] = []
            for mail in held {
                if let last = groups.last?.last, last.recipient == mail.recipient, last.dueAt == mail.dueAt {
                    groups[groups.count - 1].append(mail)
                } else {
                    groups.append([mail])
                }
            }
            var released = 0
            var subscriptions: [String: [Subscription]] = [:]
            for group in groups {
                guard let first = group.first else { continue }
                if subscriptions[first.recipient] == nil {
                    subscriptions[first.recipient] = try await store.subscriptions(email: first.recipient)
                }
                let live = (subscriptions[first.recipient] ?? []).map { ".\($0.id)" }
                let listed = group.filter { mail in live.contains { mail.id.hasSuffix($0) } }
                let digest = AlertMails.digest(
                    of: listed, hour: first.dueAt.addingTimeInterval(-3600)..<first.dueAt, at: time)
                if try await store.releaseHeldMails(group.map(\.id), as: digest), digest != nil { released += 1 }
            }
            queued += released
            // A full page may have cut a group: its rest comes next, as a digest of its own.
            if held.count < Self.page || released == 0 { break }
        }
        return queued
    }
}
