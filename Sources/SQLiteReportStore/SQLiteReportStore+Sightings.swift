import Foundation
import GRDB
import Geodata
public import ReportStore

/// Sightings (``SightingStore``), in the table of migration v13: each change is one write
/// transaction, and SQLite has one writer at a time, so the report a sighting is added to is
/// read and the sighting inserted with no other change in between.
extension SQLiteReportStore {
    public func addSighting(_ sighting: Sighting) throws(ReportStoreError) {
        try sighting.checkStorable()
        try write("adding sighting \(sighting.id)") { db in
            let report = try Self.fetch(db, id: sighting.reportID)
            guard report.kind == .missing, report.status == .active else {
                throw ReportStoreError.notTakingSightings(report.id, kind: report.kind, status: report.status)
            }
            try Self.insertSighting(sighting, into: db)
            var event = report
            event.coordinate = sighting.coordinate
            try Self.logEvent(.sighted, of: event, sightingID: sighting.id, in: db)
        }
        signalChange()
    }

    public func restoreSightings(_ sightings: [Sighting]) throws(ReportStoreError) {
        for sighting in sightings { try sighting.checkStorable() }
        guard !sightings.isEmpty else { return }
        try write("restoring \(sightings.count) sightings") { db in
            for sighting in sightings {
                let stored = try Bool.fetchOne(
                    db, sql: "SELECT 1 FROM report WHERE id = ?", arguments: [sighting.reportID])
                guard stored != nil else {
                    throw ReportStoreError.sightingOfNoReport(sighting.id, reportID: sighting.reportID)
                }
                try Self.insertSighting(sighting, into: db)
            }
        }
    }

    /// Inserts `sighting` (checked) in `db`'s transaction.
    ///
    /// - Throws: ``ReportStoreError``: its id is stored already.
    private static func insertSighting(_ sighting: Sighting, into db: Database) throws {
        do {
            try db.execute(
                sql:
                    "INSERT INTO sighting (\(Self.sightingColumns), email_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [
                    sighting.id, sighting.reportID, ReportTimestamp.text(sighting.seenAt),
                    sighting.coordinate.latitude.degrees, sighting.coordinate.longitude.degrees, sighting.note,
                    sighting.phone, sighting.email, sighting.makerTokenHash, ReportTimestamp.text(sighting.createdAt),
                    sighting.emailKey,
                ])
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            throw ReportStoreError.duplicateSighting(sighting.id)
        }
    }

    public func sightings(afterID: String?, limit: Int) throws(ReportStoreError) -> [Sighting] {
        try page("listing sightings", from: "sighting", afterID: afterID, limit: limit)
    }

    public func sightings(reportID: String) throws(ReportStoreError) -> [Sighting] {
        try records(
            "listing the sightings of \(reportID)",
            sql: "SELECT \(Self.sightingColumns) FROM sighting WHERE report_id = ? ORDER BY seen_at DESC, id",
            arguments: [reportID])
    }

    public func sighting(id: String) throws(ReportStoreError) -> Sighting? {
        let found: [Sighting] = try records(
            "reading sighting \(id)", sql: "SELECT \(Self.sightingColumns) FROM sighting WHERE id = ?",
            arguments: [id])
        return found.first
    }

    public func sightings(email address: String) throws(ReportStoreError) -> [Sighting] {
        let key = OutboxMail.addressKey(address)
        guard !key.isEmpty else { return [] }
        return try records(
            "listing the sightings of \(key)",
            sql: "SELECT \(Self.sightingColumns) FROM sighting WHERE email_key = ? ORDER BY id", arguments: [key])
    }

    public func removeSighting(id: String) throws(ReportStoreError) {
        try write("removing sighting \(id)") { db in
            try db.execute(sql: "DELETE FROM sighting WHERE id = ?", arguments: [id])
            guard db.changesCount > 0 else { throw ReportStoreError.sightingNotFound(id) }
        }
    }

    @discardableResult
    public func removeSightings(email address: String) throws(ReportStoreError) -> [Sighting] {
        let key = OutboxMail.addressKey(address)
        guard !key.isEmpty else { return [] }
        return try write("forgetting the sightings of \(key)") { db in
            let rows = try Row.fetchAll(
                db, sql: "SELECT \(Self.sightingColumns) FROM sighting WHERE email_key = ? ORDER BY id",
                arguments: [key])
            let removed = try rows.map { row throws(ReportStoreError) in try Self.sighting(row) }
            try db.execute(sql: "DELETE FROM sighting WHERE email_key = ?", arguments: [key])
            return removed
        }
    }

    static let sightingColumns = Sighting.storedColumnList

    /// A sighting from a row of ``sightingColumns``.
    static func sighting(_ row: Row) throws(ReportStoreError) -> Sighting { try record(row) }
}
