import Foundation
import Geodata
import Locking
import Logging
import PostgresNIO
public import ReportStore

extension PostgresReportStore {
    /// The channel every change is announced on (`NOTIFY`), read by every server's listener.
    static let eventChannel = "petspot_report_events"

    /// `SELECT pg_notify(…)`, in a change's transaction: delivered when it commits.
    static var notify: PostgresQuery { "SELECT pg_notify(\(eventChannel), '')" }

    /// The advisory lock every transaction that writes an event holds from just before its
    /// event's number is drawn until it commits ("PSPE").
    static let eventLockKey = 0x5053_5045

    /// `SELECT pg_advisory_xact_lock(…)`: makes the event log's order the commit order. A
    /// `bigserial` drawn inside concurrent transactions is not: one that draws 41 may commit after
    /// one that drew 42, and a reader that has seen 42 reads "after 42" and never sees 41 (8
    /// writers lost 20–67 of 400 alerts that way). Under this lock a transaction draws its
    /// numbers only after the one before it has committed (or rolled back), so every event a
    /// reader can see is numbered above every event it has seen — on one server and across all
    /// servers on the database. The lock is held for the event's insert, the notification and
    /// the commit: changes are written one at a time from there on (hundreds a second).
    static var lockEventLog: PostgresQuery { "SELECT pg_advisory_xact_lock(\(eventLockKey))" }

    /// Appends `change` of the reports `ids` (as stored now) to the event log and announces it,
    /// in `connection`'s transaction, after taking ``lockEventLog``; drops events older than
    /// ``ReportEvent/kept``.
    static func logEvents(
        _ change: ReportEvent.Change, of ids: [String], in connection: PostgresConnection, logger: Logger
    ) async throws {
        try await connection.query(lockEventLog, logger: logger)
        try await connection.query(
            """
            INSERT INTO report_event (change, report_id, kind, status, latitude, longitude)
            SELECT \(change.rawValue), id, kind, status, latitude, longitude FROM report WHERE id = ANY(\(ids)) ORDER BY id
            """, logger: logger)
        if change == .created {
            try await connection.query(
                "DELETE FROM report_event WHERE at < now() - interval '\(unescaped: String(ReportEvent.kept.components.seconds)) seconds'",
                logger: logger)
        }
        try await connection.query(notify, logger: logger)
    }

    public func events(after sequence: Int64, limit: Int) async throws(ReportStoreError) -> [ReportEvent] {
        try await call("reading report events") { client, logger in
            let rows = try await client.query(
                """
                SELECT sequence, change, report_id, kind, status, latitude, longitude, extract(epoch FROM at)::double precision,
                    sighting_id
                FROM report_event WHERE sequence > \(sequence) ORDER BY sequence LIMIT \(max(0, limit))
                """, logger: logger)
            var events: [ReportEvent] = []
            for try await row in rows {
                let (sequence, change, id, kind, status, latitude, longitude, at, sightingID) = try row.decode(
                    (Int64, String, String, String, String, Double?, Double?, Double, String?).self)
                guard let change = ReportEvent.Change(rawValue: change), let kind = ReportKind(rawValue: kind),
                    let status = ReportStatus(rawValue: status)
                else { throw ReportStoreError.storage("reading report events", "event \(sequence) is not petspot's") }
                let coordinate = latitude.flatMap { latitude in
                    longitude.flatMap { try? Coordinate(latitude: latitude, longitude: $0) }
                }
                events.append(
                    ReportEvent(
                        sequence: sequence, change: change, reportID: id, kind: kind, status: status,
                        coordinate: coordinate, time: Date(timeIntervalSince1970: at), sightingID: sightingID))
            }
            return events
        }
    }

    public func latestEventSequence() async throws(ReportStoreError) -> Int64 {
        try await maxSequence(of: "report_event", "reading report events")
    }

    public func changeSignals() async -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        let previous = signals.withLock { signals in
            defer { signals = continuation }
            return signals
        }
        previous?.finish()
        listenerWanted.yield()
        return stream
    }

    /// While ``changeSignals()`` has a consumer: `LISTEN` on a connection of its own, a signal
    /// for every notification, and one after every (re)connection (what was missed meanwhile
    /// is in the event log); reconnects ``reconnectPause`` after a failure. Runs in ``run()``.
    /// How long the change listener waits after a failed or lost connection before it
    /// connects again.
    static let reconnectPause = Duration.seconds(1)

    func listenForChanges() async {
        for await _ in listenerRequests {
            while !Task.isCancelled {
                do {
                    let configuration = try PostgresConnectionSettings.connection(address, timeout: timeout)
                    let connection = try await PostgresConnection.connect(
                        configuration: configuration, id: 2, logger: logger)
                    // Closed before the next attempt (or the end), in this task: a close left to an
                    // unstructured task would outlive the listener.
                    do {
                        let notifications = try await connection.listen(Self.eventChannel)
                        signals.withLock { _ = $0?.yield() }
                        for try await _ in notifications { signals.withLock { _ = $0?.yield() } }
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try? await connection.close()
                } catch {
                    logger.debug("report event listener", metadata: ["error": "\(error)"])
                }
                try? await clock.sleep(for: Self.reconnectPause)
            }
            return
        }
    }
}
