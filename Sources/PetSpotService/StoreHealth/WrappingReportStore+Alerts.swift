import Foundation
import Geodata
import ReportStore

/// The alert calls (``AlertStore``) of a wrapping store go through its hook as its report
/// calls do: timed, counted, and refused at once while the store is down.
extension WrappingReportStore {
    func addSubscription(_ subscription: Subscription) async throws(ReportStoreError) {
        try await call("addSubscription") { base async throws(ReportStoreError) in
            try await base.addSubscription(subscription)
        }
    }

    func confirmSubscription(token: String, at time: Date) async throws(ReportStoreError) -> Subscription? {
        return try await call("confirmSubscription") { base async throws(ReportStoreError) in
            try await base.confirmSubscription(token: token, at: time)
        }
    }

    @discardableResult
    func removeSubscriptions(token: String) async throws(ReportStoreError) -> Int {
        return try await call("removeSubscriptionsByToken") { base async throws(ReportStoreError) in
            try await base.removeSubscriptions(token: token)
        }
    }

    func removeSubscription(id: String) async throws(ReportStoreError) {
        try await call("removeSubscription") { base async throws(ReportStoreError) in
            try await base.removeSubscription(id: id)
        }
    }

    @discardableResult
    func removeUnconfirmedSubscriptions(createdBefore cutoff: Date) async throws(ReportStoreError) -> Int {
        return try await call("removeUnconfirmedSubscriptions") { base async throws(ReportStoreError) in
            try await base.removeUnconfirmedSubscriptions(createdBefore: cutoff)
        }
    }

    func subscriptions(afterID: String?, limit: Int) async throws(ReportStoreError) -> [Subscription] {
        return try await call("subscriptions") { base async throws(ReportStoreError) in
            try await base.subscriptions(afterID: afterID, limit: limit)
        }
    }

    func subscriptions(email: String) async throws(ReportStoreError) -> [Subscription] {
        return try await call("subscriptionsOfAddress") { base async throws(ReportStoreError) in
            try await base.subscriptions(email: email)
        }
    }

    func confirmedSubscriptions(covering coordinate: Coordinate) async throws(ReportStoreError) -> [Subscription] {
        return try await call("coveringSubscriptions") { base async throws(ReportStoreError) in
            try await base.confirmedSubscriptions(covering: coordinate)
        }
    }

    func queueMails(_ mails: [OutboxMail], mailCursor: Int64?) async throws(ReportStoreError) {
        try await call("queueMails") { base async throws(ReportStoreError) in
            try await base.queueMails(mails, mailCursor: mailCursor)
        }
    }

    func mailCursor() async throws(ReportStoreError) -> Int64 {
        return try await call("mailCursor") { base async throws(ReportStoreError) in try await base.mailCursor() }
    }

    func claimMails(dueBy now: Date, lease: Duration, limit: Int) async throws(ReportStoreError) -> [OutboxMail] {
        return try await call("claimMails") { base async throws(ReportStoreError) in
            try await base.claimMails(dueBy: now, lease: lease, limit: limit)
        }
    }

    func markMailSent(id: String, at time: Date) async throws(ReportStoreError) {
        try await call("markMailSent") { base async throws(ReportStoreError) in
            try await base.markMailSent(id: id, at: time)
        }
    }

    func markMailRetry(id: String, dueAt: Date, error: String) async throws(ReportStoreError) {
        try await call("markMailRetry") { base async throws(ReportStoreError) in
            try await base.markMailRetry(id: id, dueAt: dueAt, error: error)
        }
    }

    func markMailFailed(id: String, error: String) async throws(ReportStoreError) {
        try await call("markMailFailed") { base async throws(ReportStoreError) in
            try await base.markMailFailed(id: id, error: error)
        }
    }

    func stopMatchAlerts(reportID: String) async throws(ReportStoreError) {
        try await call("stopMatchAlerts") { base async throws(ReportStoreError) in
            try await base.stopMatchAlerts(reportID: reportID)
        }
    }

    func matchAlertsStopped(reportIDs: [String]) async throws(ReportStoreError) -> Set<String> {
        return try await call("matchAlertsStopped") { base async throws(ReportStoreError) in
            try await base.matchAlertsStopped(reportIDs: reportIDs)
        }
    }

    func singleAlertCount(to recipient: String, queuedIn hour: Range<Date>) async throws(ReportStoreError) -> Int {
        return try await call("singleAlertCount") { base async throws(ReportStoreError) in
            try await base.singleAlertCount(to: recipient, queuedIn: hour)
        }
    }

    func heldMails(dueBy now: Date, limit: Int) async throws(ReportStoreError) -> [OutboxMail] {
        return try await call("heldMails") { base async throws(ReportStoreError) in
            try await base.heldMails(dueBy: now, limit: limit)
        }
    }

    @discardableResult
    func releaseHeldMails(_ heldIDs: [String], as digest: OutboxMail?) async throws(ReportStoreError) -> Bool {
        return try await call("releaseHeldMails") { base async throws(ReportStoreError) in
            try await base.releaseHeldMails(heldIDs, as: digest)
        }
    }

    func outboxMail(id: String) async throws(ReportStoreError) -> OutboxMail? {
        return try await call("outboxMail") { base async throws(ReportStoreError) in try await base.outboxMail(id: id) }
    }

    func outboxSummary() async throws(ReportStoreError) -> OutboxSummary {
        return try await call("outboxSummary") { base async throws(ReportStoreError) in try await base.outboxSummary() }
    }

    @discardableResult
    func removeMails(concerning address: String) async throws(ReportStoreError) -> Int {
        return try await call("removeMails") { base async throws(ReportStoreError) in
            try await base.removeMails(concerning: address)
        }
    }
}
