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
/// the first to commit an id wins (the other's insert of it changes nothing), so they agree on
/// every alert both plan. At worst, when one commits between the other's count and its commit,
/// and the other's batch holds events the first's did not (new events arrived between their
/// reads), those few later alerts are decided on a count that misses the first's: an address gets
/// a few more than 10 alone in that hour (one batch's worth at most, in practice one or two), and
/// the rest of the hour is still held. A mail too many in a rare race is acceptable; taking a lock
/// per address for every report would slow every planner for it.
///
/// **Releasing.** On each tick, the held mails whose hour has ended are read
/// (``AlertStore/heldMails(dueBy:limit:)``), grouped by address and hour, and each group becomes
/// one digest (``AlertMails/digest(of:hour:at:)``), queued with its alerts marked digested in one
/// transaction (``AlertStore/releaseHeldMails(_:as:)``), only if every one is still held. Its id
/// comes from the alerts it carries, so two servers releasing the same group queue one digest; a
/// server whose group another released in part changes nothing, and the alerts left held (one
/// that arrived late) go out in a later, smaller digest.
struct AlertDigests: Sendable {
    /// The area alerts an address gets one by one in a clock hour.
    static let singlesPerHour = 10
    /// Held mails read at a time when releasing.
    static let page = 500

    let store: any ReportStore
    let settings: MailSettings

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
            for group in groups {
                guard let due = group.first?.dueAt,
                    let digest = AlertMails.digest(
                        of: group, hour: due.addingTimeInterval(-3600)..<due, at: time)
                else { continue }
                if try await store.releaseHeldMails(group.map(\.id), as: digest) { released += 1 }
            }
            queued += released
            // A full page may have cut a group: its rest comes next, as a digest of its own.
            if held.count < Self.page || released == 0 { break }
        }
        return queued
    }
}
