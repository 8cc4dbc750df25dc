import Foundation
import GRDB
import Geodata
public import ReportStore

extension SQLiteReportStore {
    /// Appends `change` of `report` to the event log, in the caller's transaction; every
    /// hundredth event also drops those older than ``ReportEvent/kept``.
    static func logEvent(
        _ change: ReportEvent.Change, of report: PetReport, sightingID: String? = nil, in db: Database
    ) throws {
        try db.execute(
            sql: """
                INSERT INTO report_event (change, report_id, kind, status, latitude, longitude, at, sighting_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                change.rawValue, report.id, report.kind.rawValue, report.status.rawValue,
                report.coordinate?.latitude.degrees, report.coordinate?.longitude.degrees,
                Date().timeIntervalSince1970, sightingID,
            ])
        if db.lastInsertedRowID % 100 == 0 {
            let cutoff = Date().timeIntervalSince1970 - Double(ReportEvent.kept.components.seconds)
            try db.execute(sql: "DELETE FROM report_event WHERE at < ?", arguments: [cutoff])
        }
    }

    public func events(after sequence: Int64, limit: Int) throws(ReportStoreError) -> [ReportEvent] {
        try read("reading report events") { db in
            try Self.catching {
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT sequence, change, report_id, kind, status, latitude, longitude, at, sighting_id FROM report_event
                        WHERE sequence > ? ORDER BY sequence LIMIT ?
                        """, arguments: [sequence, max(0, limit)]
                ).map { row throws(ReportStoreError) -> ReportEvent in try Self.event(row) }
            }
        }
    }

    public func latestEventSequence() throws(ReportStoreError) -> Int64 {
        try read("reading report events") { db in
            try Self.catching { try Int64.fetchOne(db, sql: "SELECT max(sequence) FROM report_event") ?? 0 }
        }
    }

    public func changeSignals() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        signals?.finish()
        signals = continuation
        return stream
    }

    /// Tells the consumer of ``changeSignals()`` that changes were committed.
    func signalChange() {
        signals?.yield()
    }

    private static func event(_ row: Row) throws(ReportStoreError) -> ReportEvent {
        let sequence: Int64 = row[0]
        guard let change = ReportEvent.Change(rawValue: row[1]), let kind = ReportKind(rawValue: row[3]),
            let status = ReportStatus(rawValue: row[4])
        else {
            throw .storage("reading report events", "event \(sequence) was written by another program")
        }
        var coordinate: Coordinate?
        if let latitude = row[5] as Double?, let longitude = row[6] as Double? {
            coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        }
        return ReportEvent(
            sequence: sequence, change: change, reportID: row[2], kind: kind, status: status, coordinate: coordinate,
            time: Date(timeIntervalSince1970: row[7]), sightingID: row[8])
    }
}
