import Foundation
import Geodata
import ReportStore

/// The alert calls (``AlertStore``) of a wrapping store go through its hook as its report
/// calls do: timed, counted, and refused at once while the store is down.
extension WrappingReportStore {
    func addSubscription(_ subscription: Subscription) async throws(ReportStoreError) {
        let base = self.base
        try await wrap("addSubscription") { () async throws(ReportStoreError) in
            try await base.addSubscription(subscription)
        }
    }

    func confirmSubscription(token: String, at time: Date) async throws(ReportStoreError) -> Subscription? {
        let base = self.base
        return try await wrap("confirmSubscription") { () async throws(ReportStoreError) in
            try await base.confirmSubscription(token: token, at: time)
        }
    }

    @discardableResult
    func removeSubscriptions(token: String) async throws(ReportStoreError) -> Int {
        let base = self.base
        return try await wrap("removeSubscriptionsByToken") { () async throws(ReportStoreError) in
            try await base.removeSubscriptions(token: token)
        }
    }

    func removeSubscription(id: String) async throws(ReportStoreError) {
        let base = self.base
        try await wrap("removeSubscription") { () async throws(ReportStoreError) in
            try await base.removeSubscription(id: id)
        }
    }

    @discardableResult
    func removeUnconfirmedSubscriptions(createdBefore cutoff: Date) async throws(ReportStoreError) -> Int {
        let base = self.base
        return try await wrap("removeUnconfirmedSubscriptions") { () async throws(ReportStoreError) in
            try await base.removeUnconfirmedSubscriptions(createdBefore: cutoff)
        }
    }

    func subscriptions(afterID: String?, limit: Int) async throws(ReportStoreError) -> [Subscription] {
        let base = self.base
        return try await wrap("subscriptions") { () async throws(ReportStoreError) in
            try await base.subscriptions(afterID: afterID, limit: limit)
        }
    }

    func subscriptions(email: String) async throws(ReportStoreError) -> [Subscription] {
        let base = self.base
        return try await wrap("subscriptionsOfAddress") { () async throws(ReportStoreError) in
            try await base.subscriptions(email: email)
        }
    }

    func confirmedSubscriptions(covering coordinate: Coordinate) async throws(ReportStoreError) -> [Subscription] {
        let base = self.base
        return try await wrap("coveringSubscriptions") { () async throws(ReportStoreError) in
            try await base.confirmedSubscriptions(covering: coordinate)
        }
    }

    func queueMails(_ mails: [OutboxMail], mailCursor: Int64?) async throws(ReportStoreError) {
        let base = self.base
        try await wrap("queueMails") { () async throws(ReportStoreError) in
            try await base.queueMails(mails, mailCursor: mailCursor)
        }
    }

    func mailCursor() async throws(ReportStoreError) -> Int64 {
        let base = self.base
        return try await wrap("mailCursor") { () async throws(ReportStoreError) in try await base.mailCursor() }
    }

    func claimMails(dueBy now: Date, lease: Duration, limit: Int) async throws(ReportStoreError) -> [OutboxMail] {
        let base = self.base
        return try await wrap("claimMails") { () async throws(ReportStoreError) in
            try await base.claimMails(dueBy: now, lease: lease, limit: limit)
        }
    }

    func markMailSent(id: String, at time: Date) async throws(ReportStoreError) {
        let base = self.base
        try await wrap("markMailSent") { () async throws(ReportStoreError) in
            try await base.markMailSent(id: id, at: time)
        }
    }

    func markMailRetry(id: String, dueAt: Date, error: String) async throws(ReportStoreError) {
        let base = self.base
        try await wrap("markMailRetry") { () async throws(ReportStoreError) in
            try await base.markMailRetry(id: id, dueAt: dueAt, error: error)
        }
    }

    func markMailFailed(id: String, error: String) async throws(ReportStoreError) {
        let base = self.base
        try await wrap("markMailFailed") { () async throws(ReportStoreError) in
            try await base.markMailFailed(id: id, error: error)
        }
    }

    func stopMatchAlerts(reportID: String) async throws(ReportStoreError) {
        let base = self.base
        try await wrap("stopMatchAlerts") { () async throws(ReportStoreError) in
            try await base.stopMatchAlerts(reportID: reportID)
        }
    }

    func matchAlertsStopped(reportIDs: [String]) async throws(ReportStoreError) -> Set<String> {
        let base = self.base
        return try await wrap("matchAlertsStopped") { () async throws(ReportStoreError) in
            try await base.matchAlertsStopped(reportIDs: reportIDs)
        }
    }

    func singleAlertCount(to recipient: String, queuedIn hour: Range<Date>) async throws(ReportStoreError) -> Int {
        let base = self.base
        return try await wrap("singleAlertCount") { () async throws(ReportStoreError) in
            try await base.singleAlertCount(to: recipient, queuedIn: hour)
        }
    }

    func heldMails(dueBy now: Date, limit: Int) async throws(ReportStoreError) -> [OutboxMail] {
        let base = self.base
        return try await wrap("heldMails") { () async throws(ReportStoreError) in
            try await base.heldMails(dueBy: now, limit: limit)
        }
    }

    @discardableResult
    func releaseHeldMails(_ heldIDs: [String], as digest: OutboxMail?) async throws(ReportStoreError) -> Bool {
        let base = self.base
        return try await wrap("releaseHeldMails") { () async throws(ReportStoreError) in
            try await base.releaseHeldMails(heldIDs, as: digest)
        }
    }

    func outboxMail(id: String) async throws(ReportStoreError) -> OutboxMail? {
        let base = self.base
        return try await wrap("outboxMail") { () async throws(ReportStoreError) in try await base.outboxMail(id: id) }
    }

    func outboxSummary() async throws(ReportStoreError) -> OutboxSummary {
        let base = self.base
        return try await wrap("outboxSummary") { () async throws(ReportStoreError) in try await base.outboxSummary() }
    }

    @discardableResult
    func removeMails(concerning address: String) async throws(ReportStoreError) -> Int {
        let base = self.base
        return try await wrap("removeMails") { () async throws(ReportStoreError) in
            try await base.removeMails(concerning: address)
        }
    }
}
