public import Foundation
import GRDB
public import Geodata
import Geodesy
public import ReportStore

/// Alerts by mail (``AlertStore``): the subscriptions and the outbox, in the tables of
/// migration v9, and the stopped match alerts (v10). Every change is one write transaction;
/// SQLite has one writer at a time, so a claim's select and update see no other claim in between.
extension SQLiteReportStore {
    // MARK: Subscriptions

    public func addSubscription(_ subscription: Subscription) throws(ReportStoreError) {
        try subscription.checkStorable()
        try write("adding subscription \(subscription.id)") { db in
            try Self.insertSubscription(subscription, into: db)
        }
    }

    /// Inserts `subscription` (checked by ``Subscription/checkStorable()``) in `db`'s transaction.
    ///
    /// - Throws: ``ReportStoreError``: its id or token is stored already.
    static func insertSubscription(_ subscription: Subscription, into db: Database) throws {
        let created = ReportTimestamp.text(subscription.createdAt)
        let confirmed = subscription.confirmedAt.map(ReportTimestamp.text)
        do {
            try db.execute(
                sql: "INSERT INTO subscription (\(Self.subscriptionColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    subscription.id, subscription.email, subscription.center.latitude.degrees,
                    subscription.center.longitude.degrees, subscription.radiusMeters, subscription.kindsText,
                    subscription.speciesText, subscription.token, created, confirmed,
                ])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            throw ReportStoreError.duplicateSubscription(subscription.id)
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            throw ReportStoreError.duplicateSubscriptionToken(id: subscription.id)
        }
    }

    public func confirmSubscription(token: String, at time: Date) throws(ReportStoreError) -> Subscription? {
        let confirmed = ReportTimestamp.text(time)
        return try write("confirming a subscription") { db -> Subscription? in
            let row = try Row.fetchOne(
                db, sql: "SELECT \(Self.subscriptionColumns) FROM subscription WHERE token = ?", arguments: [token])
            guard let row else { return nil }
            var subscription = try Self.subscription(row)
            if subscription.confirmedAt != nil { return subscription }
            if subscription.hasLapsed(at: time) { return nil }
            try db.execute(
                sql: "UPDATE subscription SET confirmed_at = ? WHERE id = ?", arguments: [confirmed, subscription.id])
            // As stored: the time to the millisecond (ReportTimestamp), as it reads back.
            subscription.confirmedAt = ReportTimestamp.date(confirmed)
            return subscription
        }
    }

    @discardableResult
    public func removeSubscriptions(token: String) throws(ReportStoreError) -> Int {
        try write("removing a subscription by its token") { db in
            try db.execute(sql: "DELETE FROM subscription WHERE token = ?", arguments: [token])
            return db.changesCount
        }
    }

    public func removeSubscription(id: String) throws(ReportStoreError) {
        try write("removing subscription \(id)") { db in
            try db.execute(sql: "DELETE FROM subscription WHERE id = ?", arguments: [id])
            guard db.changesCount > 0 else { throw ReportStoreError.subscriptionNotFound(id) }
        }
    }

    @discardableResult
    public func removeUnconfirmedSubscriptions(createdBefore cutoff: Date) throws(ReportStoreError) -> Int {
        let cutoff = ReportTimestamp.text(cutoff)
        return try write("removing the unconfirmed subscriptions made before \(cutoff)") { db in
            try db.execute(
                sql: "DELETE FROM subscription WHERE confirmed_at IS NULL AND created_at < ?", arguments: [cutoff])
            return db.changesCount
        }
    }

    public func subscriptions(afterID: String?, limit: Int) throws(ReportStoreError) -> [Subscription] {
        try page("listing subscriptions", from: "subscription", afterID: afterID, limit: limit)
    }

    public func subscriptions(email: String) throws(ReportStoreError) -> [Subscription] {
        try records(
            "listing the subscriptions of an address",
            sql: """
                SELECT \(Self.subscriptionColumns) FROM subscription WHERE email = ?
                ORDER BY created_at DESC, id DESC
                """,
            arguments: [email])
    }

    /// The confirmed subscriptions whose centre lies in the latitude–longitude box that holds every
    /// place within the largest radius of `coordinate` (the partial index
    /// `subscription_confirmed_place`), then exactly those whose geodesic distance is at most
    /// their radius.
    public func confirmedSubscriptions(covering coordinate: Coordinate) throws(ReportStoreError) -> [Subscription] {
        let box = GeodesicBox(around: coordinate, meters: Subscription.radiusRange.upperBound)
        // A box with one range of longitudes asks for the empty range 1 ... 0 as its second.
        let second = box.longitudes.count > 1 ? box.longitudes[1] : nil
        let candidates: [Subscription] = try records(
            "finding the subscriptions around \(coordinate)", sql: Self.coveringSQL,
            arguments: [
                box.latitudes.lowerBound, box.latitudes.upperBound, box.longitudes[0].lowerBound,
                box.longitudes[0].upperBound, second?.lowerBound ?? 1, second?.upperBound ?? 0,
            ])
        return candidates.filter { $0.distanceMeters(to: coordinate) <= $0.radiusMeters }
    }

    /// The confirmed subscriptions in a box: latitudes `?1 ... ?2`, longitudes `?3 ... ?4` or
    /// `?5 ... ?6`. Public for `EXPLAIN QUERY PLAN` (a test shows it reads the partial index
    /// `subscription_confirmed_place`, whose condition it repeats word for word).
    public static let coveringSQL = """
        SELECT \(subscriptionColumns) FROM subscription
        WHERE confirmed_at IS NOT NULL AND latitude BETWEEN ?1 AND ?2
          AND (longitude BETWEEN ?3 AND ?4 OR longitude BETWEEN ?5 AND ?6)
        ORDER BY id
        """

    // MARK: Stopped match alerts

    public func stopMatchAlerts(reportID: String) throws(ReportStoreError) {
        let stopped = ReportTimestamp.text(Date())
        try write("stopping the match alerts of report \(reportID)") { db in
            try db.execute(
                sql: "INSERT INTO match_alert_stop (report_id, stopped_at) VALUES (?, ?) ON CONFLICT DO NOTHING",
                arguments: [reportID, stopped])
        }
    }

    /// One query, or one per ``stopLookupChunk`` ids for a longer list (SQLite limits the
    /// parameters of a statement), in one read transaction.
    public func matchAlertsStopped(reportIDs: [String]) throws(ReportStoreError) -> Set<String> {
        let ids = Array(Set(reportIDs))
        guard !ids.isEmpty else { return [] }
        return try read("reading which of \(ids.count) reports have their match alerts stopped") { db in
            var stopped: Set<String> = []
            for start in stride(from: 0, to: ids.count, by: Self.stopLookupChunk) {
                let chunk = Array(ids[start..<min(start + Self.stopLookupChunk, ids.count)])
                let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
                stopped.formUnion(
                    try String.fetchAll(
                        db, sql: "SELECT report_id FROM match_alert_stop WHERE report_id IN (\(marks))",
                        arguments: StatementArguments(chunk)))
            }
            return stopped
        }
    }

    /// How many ids one lookup of ``matchAlertsStopped(reportIDs:)`` binds at most.
    static let stopLookupChunk = 500
}
