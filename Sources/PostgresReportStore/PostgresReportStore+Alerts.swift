public import Foundation
public import Geodata
import Geodesy
import Logging
import PostgresNIO
public import ReportStore

/// Alerts by mail (``AlertStore``): the subscriptions, in the table of migration 11, and the
/// stopped match alerts (migration 12).
extension PostgresReportStore {
    public func addSubscription(_ subscription: Subscription) async throws(ReportStoreError) {
        try subscription.checkStorable()
        try await call("adding subscription \(subscription.id)") { client, logger in
            try await client.withConnection { connection in
                try await Self.insertSubscription(subscription, on: connection, logger: logger)
            }
        }
    }

    /// Inserts `subscription` (checked by ``Subscription/checkStorable()``) on `connection`
    /// (in its transaction, if it is in one).
    ///
    /// - Throws: ``ReportStoreError``: its id or token is stored already.
    static func insertSubscription(_ subscription: Subscription, on connection: PostgresConnection, logger: Logger)
        async throws
    {
        let created = ReportTimestamp.text(subscription.createdAt)
        let confirmed = subscription.confirmedAt.map(ReportTimestamp.text)
        do {
            try await connection.query(
                """
                INSERT INTO subscription (\(unescaped: Self.subscriptionColumns))
                VALUES (\(subscription.id), \(subscription.email), \(subscription.center.latitude.degrees),
                    \(subscription.center.longitude.degrees), \(subscription.radiusMeters),
                    \(subscription.kindsText), \(subscription.speciesText), \(subscription.token), \(created),
                    \(confirmed))
                """, logger: logger)
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            if error.serverInfo?[.constraintName] == "subscription_token_key" {
                throw ReportStoreError.duplicateSubscriptionToken(id: subscription.id)
            }
            throw ReportStoreError.duplicateSubscription(subscription.id)
        }
    }

    public func confirmSubscription(token: String, at time: Date) async throws(ReportStoreError) -> Subscription? {
        let confirmed = ReportTimestamp.text(time)
        return try await call("confirming a subscription") { client, logger in
            try await client.withTransaction(logger: logger) { connection -> Subscription? in
                let rows = try await connection.query(
                    "SELECT \(unescaped: Self.subscriptionColumns) FROM subscription WHERE token = \(token) FOR UPDATE",
                    logger: logger)
                var found: Subscription?
                for try await row in rows { found = try Self.subscription(row) }
                guard var subscription = found else { return nil }
                if subscription.confirmedAt != nil { return subscription }
                if subscription.hasLapsed(at: time) { return nil }
                try await connection.query(
                    "UPDATE subscription SET confirmed_at = \(confirmed) WHERE id = \(subscription.id)", logger: logger)
                // As stored: the time to the millisecond (ReportTimestamp), as it reads back.
                subscription.confirmedAt = ReportTimestamp.date(confirmed)
                return subscription
            }
        }
    }

    @discardableResult
    public func removeSubscriptions(token: String) async throws(ReportStoreError) -> Int {
        try await call("removing a subscription by its token") { client, logger in
            try await Self.count(
                client.query("DELETE FROM subscription WHERE token = \(token) RETURNING id", logger: logger))
        }
    }

    public func removeSubscription(id: String) async throws(ReportStoreError) {
        try await call("removing subscription \(id)") { client, logger in
            let removed = try await Self.count(
                client.query("DELETE FROM subscription WHERE id = \(id) RETURNING id", logger: logger))
            guard removed > 0 else { throw ReportStoreError.subscriptionNotFound(id) }
        }
    }

    @discardableResult
    public func removeUnconfirmedSubscriptions(createdBefore cutoff: Date) async throws(ReportStoreError) -> Int {
        let cutoff = ReportTimestamp.text(cutoff)
        return try await call("removing the unconfirmed subscriptions made before \(cutoff)") { client, logger in
            try await Self.count(
                client.query(
                    "DELETE FROM subscription WHERE confirmed_at IS NULL AND created_at < \(cutoff) RETURNING id",
                    logger: logger))
        }
    }

    public func subscriptions(afterID: String?, limit: Int) async throws(ReportStoreError) -> [Subscription] {
        try await page("listing subscriptions", from: "subscription", afterID: afterID, limit: limit)
    }

    public func subscriptions(email: String) async throws(ReportStoreError) -> [Subscription] {
        try await records(
            "listing the subscriptions of an address",
            """
            SELECT \(unescaped: Self.subscriptionColumns) FROM subscription WHERE email = \(email)
            ORDER BY created_at DESC, id DESC
            """)
    }

    /// The confirmed subscriptions within the largest radius of `coordinate` on the sphere,
    /// widened by the sphere's error (the partial GiST index `subscription_confirmed_area`), and
    /// within their own radius so widened; then, as the SQLite store does, exactly those whose
    /// geodesic distance (`geod_inverse`) is at most their radius.
    public func confirmedSubscriptions(covering coordinate: Coordinate) async throws(ReportStoreError)
        -> [Subscription]
    {
        let candidates: [Subscription] = try await records(
            "finding the subscriptions around \(coordinate)", PostgresQuery(unsafeSQL: Self.coveringSQL(coordinate)))
        return candidates.filter { $0.distanceMeters(to: coordinate) <= $0.radiusMeters }
    }

    /// The covering pre-filter for `coordinate` as plain SQL (for `EXPLAIN`: a test shows that
    /// it uses the GiST index `subscription_confirmed_area`). Every value is a number, so the
    /// text is built without parameters, and the planner sees the constant reach it needs to use
    /// the index.
    public static func coveringSQL(_ coordinate: Coordinate) -> String {
        let widening = 1 / (1 - sphereError)
        let reach = Subscription.radiusRange.upperBound * widening + 1
        let point = point(coordinate)
        return """
            SELECT \(subscriptionColumns) FROM subscription
            WHERE confirmed_at IS NOT NULL AND ST_DWithin(area, \(point), \(reach), false)
              AND ST_DWithin(area, \(point), radius_m * \(widening) + 1, false)
            ORDER BY id
            """
    }

    // MARK: Stopped match alerts

    public func stopMatchAlerts(reportID: String) async throws(ReportStoreError) {
        let stopped = ReportTimestamp.text(Date())
        _ = try await call("stopping the match alerts of report \(reportID)") { client, logger in
            try await client.query(
                """
                INSERT INTO match_alert_stop (report_id, stopped_at) VALUES (\(reportID), \(stopped))
                ON CONFLICT DO NOTHING
                """, logger: logger)
        }
    }

    public func matchAlertsStopped(reportIDs: [String]) async throws(ReportStoreError) -> Set<String> {
        let ids = Array(Set(reportIDs))
        guard !ids.isEmpty else { return [] }
        return try await call("reading which of \(ids.count) reports have their match alerts stopped") {
            client, logger in
            var stopped: Set<String> = []
            let rows = try await client.query(
                "SELECT report_id FROM match_alert_stop WHERE report_id = ANY(\(ids))", logger: logger)
            for try await id in rows.decode(String.self) { stopped.insert(id) }
            return stopped
        }
    }

    /// How many rows `rows` holds (a statement's `RETURNING`).
    static func count(_ rows: PostgresRowSequence) async throws -> Int {
        var count = 0
        for try await _ in rows { count += 1 }
        return count
    }
}
